import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { PageHeading } from '../../../components/page-heading';
import { Panel } from '../../../components/panel';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchPharmacyStats } from '../../../lib/pharmacy-stats';
import { DispensationsTable, PHARMACY_LIVE_EVENTS } from './dispensations-table';
import styles from './dashboard-layout.module.css';

/** product-spec-1 §9: the pharmacist's activity table shows 7 a page. */
export const DISPENSATIONS_DASHBOARD_PAGE_SIZE = 7;

/** The pharmacist's view (product-spec-1 §2): the queue, what was dispensed, low stock, and the latest dispensations. */
export function PharmacistView() {
  const stats = useRemoteData(fetchPharmacyStats, 'pharmacy-stats');
  useLiveRefresh(PHARMACY_LIVE_EVENTS, stats.refresh);
  const figure = (pick: (s: NonNullable<typeof stats.data>) => number) => ({
    value: stats.data ? pick(stats.data) : null,
    isLoading: stats.status === 'loading',
  });
  const failed = stats.status === 'error' ? stats.error.message : undefined;

  return (
    <div className={styles.page}>
      <PageHeading title="Pharmacist Dashboard" />
      <MetricGrid label="Key metrics">
        <MetricCard label="Pending Prescriptions" {...figure((s) => s.pendingPrescriptions)} note={failed} />
        <MetricCard
          label="Dispensed Medications"
          {...figure((s) => s.dispensedTotal)}
          note={failed ?? (stats.data ? `${stats.data.dispensedToday} today` : undefined)}
        />
        <MetricCard label="Low Stock Medications" {...figure((s) => s.lowStock)} note={failed} />
      </MetricGrid>
      <Panel
        title="Recent Dispensation Activity"
        actions={
          <ButtonLink href={paths.user.dispensations} variant="secondary" size="small">
            View All
          </ButtonLink>
        }
      >
        <DispensationsTable pageSize={DISPENSATIONS_DASHBOARD_PAGE_SIZE} />
      </Panel>
    </div>
  );
}
