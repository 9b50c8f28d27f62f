import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { PageHeading } from '../../../components/page-heading';
import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { Panel } from '../../../components/panel';
import { PENDING } from './coming-feature';
import { PendingActivityTable } from './pending-activity-table';
import styles from './dashboard-layout.module.css';

/** The pharmacist's view (product-spec-1 §2); prescriptions and stock come with the pharmacy feature. */
export function PharmacistView() {
  return (
    <div className={styles.page}>
      <PageHeading title="Pharmacist Dashboard" />
      <MetricGrid label="Key metrics">
        <MetricCard label="Pending Prescriptions" value={null} note={PENDING.pharmacy} />
        <MetricCard label="Dispensed Medications" value={null} note={PENDING.pharmacy} />
        <MetricCard label="Low Stock Medications" value={null} note={PENDING.pharmacy} />
      </MetricGrid>
      <Panel
        title="Recent Dispensation Activity"
        actions={
          <ButtonLink href={paths.user.dispensations} variant="secondary" size="small">
            View All
          </ButtonLink>
        }
      >
        <PendingActivityTable
          label="Recent dispensation activity"
          headers={['Request ID', 'Patient Name', 'Medication', 'Dosage', 'Status', 'Actions']}
          emptyTitle="No dispensation activity yet"
          emptyText={PENDING.pharmacy}
        />
      </Panel>
    </div>
  );
}
