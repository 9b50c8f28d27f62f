import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { PageHeading } from '../../../components/page-heading';
import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { Panel } from '../../../components/panel';
import { PENDING } from './coming-feature';
import { PendingActivityTable } from './pending-activity-table';
import styles from './dashboard-layout.module.css';

/** The lab staff view (product-spec-1 §2); test requests come with the laboratory feature. */
export function LabView() {
  return (
    <div className={styles.page}>
      <PageHeading title="Lab Dashboard" />
      <MetricGrid label="Key metrics">
        <MetricCard label="Pending Test Requests" value={null} note={PENDING.laboratory} />
        <MetricCard label="Tests Completed Today" value={null} note={PENDING.laboratory} />
        <MetricCard label="Tests in Progress" value={null} note={PENDING.laboratory} />
      </MetricGrid>
      <Panel
        title="Recent Test Activity"
        actions={
          <ButtonLink href={paths.user.testActivity} variant="secondary" size="small">
            View All
          </ButtonLink>
        }
      >
        <PendingActivityTable
          label="Recent test activity"
          headers={['Request ID', 'Patient Name', 'Doctor Name', 'Test Type', 'Conducted By']}
          emptyTitle="No test activity yet"
          emptyText={PENDING.laboratory}
        />
      </Panel>
    </div>
  );
}
