import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { PageHeading } from '../../../components/page-heading';
import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { Panel } from '../../../components/panel';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchLabStats, type LabStats } from '../api/lab-api';
import { LabActivityTable } from './lab-activity-table';
import styles from './dashboard-layout.module.css';

/** product-spec-1 §9: the lab dashboard's tables show 7 rows a page. */
export const LAB_PAGE_SIZE = 7;

/** The lab staff view (product-spec-1 §2): open work, today's completions and the latest activity, all real. */
export function LabView() {
  const stats = useRemoteData(fetchLabStats, 'lab-stats');
  const metric = (label: string, pick: (s: LabStats) => number) => (
    <MetricCard
      label={label}
      value={stats.status === 'success' ? pick(stats.data) : null}
      isLoading={stats.status === 'loading'}
      note={stats.status === 'error' ? stats.error.message : undefined}
    />
  );
  return (
    <div className={styles.page}>
      <PageHeading
        title="Lab Dashboard"
        actions={
          <ButtonLink href={paths.user.testRequest} size="small">
            Open Test Requests
          </ButtonLink>
        }
      />
      <MetricGrid label="Key metrics">
        {metric('Pending Test Requests', (s) => s.pending)}
        {metric('Tests Completed Today', (s) => s.completedToday)}
        {metric('Tests in Progress', (s) => s.inProgress)}
      </MetricGrid>
      <Panel
        title="Recent Test Activity"
        actions={
          <ButtonLink href={paths.user.testActivity} variant="secondary" size="small">
            View All
          </ButtonLink>
        }
      >
        <LabActivityTable label="Recent test activity" pageSize={LAB_PAGE_SIZE} onLiveChange={stats.refresh} />
      </Panel>
    </div>
  );
}
