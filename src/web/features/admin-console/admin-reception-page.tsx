import { DataTable, type Column } from '../../components/data-table';
import { MetricCard } from '../../components/metric-card';
import { PageHeading } from '../../components/page-heading';
import { StatusBadge } from '../../components/status-badge';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useNow } from '../../lib/use-now';
import { useRemoteData } from '../../lib/use-remote-data';
import { listAdminPatients, type AdminPatient } from './api/admin-patients';
import { fetchPatientStats } from './api/patient-stats';
import { hospitalDate } from '../../../shared/hospital-calendar';
import { waitingTime } from './waiting-time';
import styles from './admin-console.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

/** The newest registrations read at once; today's are among them on any ordinary day. */
export const RECENT_LIMIT = 100;
const LIVE_PATIENT_EVENTS = ['patient_created', 'patient_status_changed', 'patient_updated', 'patient_deleted'];
const time = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** /admin/reception (issue 13): today's registrations and the waiting queue, longest wait first. */
export default function AdminReceptionPage() {
  const now = useNow(30_000);
  const timeZone = useHospitalTimeZone();
  const stats = useRemoteData(fetchPatientStats, 'stats');
  const recent = useRemoteData((signal) => listAdminPatients({ page: 1, limit: RECENT_LIMIT }, signal), 'recent');
  const waiting = useRemoteData(
    (signal) => listAdminPatients({ page: 1, limit: RECENT_LIMIT, status: 'waiting' }, signal),
    'waiting',
  );
  useLiveRefresh(LIVE_PATIENT_EVENTS, () => {
    stats.refresh();
    recent.refresh();
    waiting.refresh();
  });
  const today = hospitalDate(now, timeZone);
  const registeredToday = recent.data?.patients.filter((p) => hospitalDate(p.dateRegistered, timeZone) === today);
  // Oldest first: whoever has waited longest is seen next.
  const queue = waiting.data ? [...waiting.data.patients].reverse() : undefined;

  const todayColumns: Column<AdminPatient>[] = [
    { key: 'time', header: 'Time', render: (p) => time(p.dateRegistered) },
    { key: 'card', header: 'Card number', render: (p) => p.identificationNumber },
    { key: 'name', header: 'Name', render: (p) => p.name },
    { key: 'status', header: 'Status', render: (p) => <StatusBadge status={p.status} /> },
    { key: 'by', header: 'Registered by', render: (p) => p.registeredBy?.name ?? '—' },
  ];
  const queueColumns: Column<AdminPatient>[] = [
    { key: 'name', header: 'Name', render: (p) => p.name },
    { key: 'card', header: 'Card number', render: (p) => p.identificationNumber },
    { key: 'since', header: 'Registered', render: (p) => time(p.dateRegistered) },
    { key: 'wait', header: 'Waiting for', render: (p) => waitingTime(p.dateRegistered, now) },
  ];

  return (
    <div className={styles.page}>
      <PageHeading title="Reception" />
      <div className={styles.metrics}>
        <MetricCard
          label="Registered today"
          value={stats.data?.registeredToday ?? null}
          isLoading={!stats.data && stats.status === 'loading'}
        />
        <MetricCard
          label="Waiting now"
          value={waiting.data?.pagination.totalPatients ?? null}
          isLoading={!waiting.data && waiting.status === 'loading'}
        />
        <MetricCard
          label="Total patients"
          value={stats.data?.totalPatients ?? null}
          isLoading={!stats.data && stats.status === 'loading'}
        />
      </div>
      <section className={styles.section} aria-labelledby="waiting-queue">
        <h2 id="waiting-queue" className={styles.sectionTitle}>
          Waiting queue
        </h2>
        <p className={styles.muted}>Longest wait first; the wait counts from registration.</p>
        <DataTable
          label="Waiting queue"
          columns={queueColumns}
          rows={queue}
          rowKey={(p) => p.id}
          isLoading={waiting.status === 'loading'}
          loadingText="Loading the queue..."
          error={waiting.status === 'error' ? waiting.error.message : null}
          onRetry={waiting.reload}
          emptyTitle="Nobody is waiting"
        />
      </section>
      <section className={styles.section} aria-labelledby="registered-today">
        <h2 id="registered-today" className={styles.sectionTitle}>
          Today&apos;s registrations
        </h2>
        <DataTable
          label="Today's registrations"
          columns={todayColumns}
          rows={registeredToday}
          rowKey={(p) => p.id}
          isLoading={recent.status === 'loading'}
          loadingText="Loading registrations..."
          error={recent.status === 'error' ? recent.error.message : null}
          onRetry={recent.reload}
          emptyTitle="No patients registered today"
        />
      </section>
    </div>
  );
}
