import { paths } from '../../../app/paths';
import { Banner } from '../../../components/banner';
import { ButtonLink } from '../../../components/button';
import { MetricCard } from '../../../components/metric-card';
import { Panel } from '../../../components/panel';
import { seatsLine, type PlanUsage } from '../../../lib/plans';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchUserStats } from '../../../lib/user-stats';
import { fetchTotalPatients } from '../api/dashboard-api';
import styles from './key-metrics.module.css';

type Totals = { users: number | null; plan: PlanUsage | null; patients: number | null; failed: boolean };

/** Both totals load together; a failure of one still shows the other (with the shared warning). */
async function loadTotals(signal: AbortSignal): Promise<Totals> {
  const [users, patients] = await Promise.allSettled([fetchUserStats(signal), fetchTotalPatients(signal)]);
  return {
    users: users.status === 'fulfilled' ? users.value.totalUsers : null,
    plan: users.status === 'fulfilled' ? users.value.plan : null,
    patients: patients.status === 'fulfilled' ? patients.value : null,
    failed: users.status === 'rejected' || patients.status === 'rejected',
  };
}

/** Counters of product-spec-1 §4: patients and users created or deleted. */
const TOTAL_EVENTS = ['patient_created', 'patient_deleted', 'user_created', 'user_deleted'];

/** Key Metrics: Total Users and Total Patients from the API, and the Add User shortcut. */
export function KeyMetrics() {
  const totals = useRemoteData(loadTotals, 'admin-totals');
  useLiveRefresh(TOTAL_EVENTS, totals.refresh);
  const loading = totals.status === 'loading';
  return (
    <Panel title="Key Metrics" actions={<ButtonLink href={paths.admin.users}>Add User</ButtonLink>}>
      {totals.data?.failed ? <Banner tone="warning">Failed to load some dashboard metrics</Banner> : null}
      <div className={styles.grid}>
        <MetricCard
          label="Total Users"
          value={totals.data?.users ?? null}
          isLoading={loading}
          note={totals.data?.plan ? seatsLine(totals.data.plan) : undefined}
        />
        <MetricCard label="Total Patients" value={totals.data?.patients ?? null} isLoading={loading} />
      </div>
    </Panel>
  );
}
