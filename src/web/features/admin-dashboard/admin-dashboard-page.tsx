import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { RecentActivities, type ActivityRow } from '../../components/recent-activities';
import { notificationsAtom, realtimeStatusAtom, type AppNotification } from '../../lib/notifications';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { signedInUserAtom } from '../../lib/session';
import { useRemoteData } from '../../lib/use-remote-data';
import { fetchPatientStatusCounts } from './api/dashboard-api';
import { KeyMetrics } from './components/key-metrics';
import { PatientStatusChart } from './components/patient-status-chart';
import { ProfileBanner } from './components/profile-banner';
import { QuickActions } from './components/quick-actions';
import { statusSlices } from './patient-status';
import styles from './admin-dashboard-page.module.css';

/** product-spec-1 §9: the dashboard lists at most 9 recent activities. */
const MAX_ACTIVITIES = 9;
const PATIENT_COUNT_EVENTS = ['patient_created', 'patient_status_changed', 'patient_deleted'];

function toActivity(n: AppNotification): ActivityRow {
  return { id: n.id, name: n.title, description: n.message, time: n.timestamp, isRealTime: true };
}

/** /admin/dashboard (product-spec-1 §2): real totals and statuses, following live events; the latest notifications as activity. */
export default function AdminDashboardPage({
  extraMetrics,
  checklist,
}: { extraMetrics?: ReactNode; checklist?: ReactNode } = {}) {
  const user = useAtomValue(signedInUserAtom);
  const notifications = useAtomValue(notificationsAtom);
  const isLive = useAtomValue(realtimeStatusAtom) === 'Connected';
  const statuses = useRemoteData(fetchPatientStatusCounts, 'patient-status-counts');
  // product-spec-1 §4 Chart updates: the chart follows creations, status changes and deletions.
  useLiveRefresh(PATIENT_COUNT_EVENTS, statuses.refresh);
  const activities = notifications.slice(0, MAX_ACTIVITIES).map(toActivity);

  return (
    <div className={styles.page}>
      <PageHeading title="Admin Dashboard" />
      {user ? <ProfileBanner userId={user.id} /> : null}
      <KeyMetrics />
      {extraMetrics}
      {checklist}
      <QuickActions />
      <div className={styles.columns}>
        <PatientStatusChart
          slices={statuses.data ? statusSlices(statuses.data) : undefined}
          isLoading={statuses.status === 'loading'}
          failed={statuses.status === 'error'}
          isLive={isLive}
        />
        <Panel title="Recent Activities">
          <RecentActivities activities={activities} />
        </Panel>
      </div>
    </div>
  );
}
