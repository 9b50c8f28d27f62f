import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { PageHeading } from '../../../components/page-heading';
import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { Panel } from '../../../components/panel';
import { PENDING } from './coming-feature';
import { PendingActivityTable } from './pending-activity-table';
import styles from './dashboard-layout.module.css';

/** The billing staff view (product-spec-1 §2, product-spec-2 §2); invoices and payments come with billing. */
export function AccountantView() {
  return (
    <div className={styles.page}>
      <PageHeading title="Billing Dashboard" />
      <MetricGrid label="Key metrics">
        <MetricCard label="Invoices Generated Today" value={null} note={PENDING.billing} />
        <MetricCard label="Total Payments Received" value={null} note={PENDING.billing} />
        <MetricCard label="Outstanding Balances" value={null} note={PENDING.billing} />
      </MetricGrid>
      <Panel
        title="Recent Activity"
        actions={
          <ButtonLink href={paths.user.billingActivity} variant="secondary" size="small">
            View All
          </ButtonLink>
        }
      >
        <PendingActivityTable
          label="Recent billing activity"
          headers={['Date', 'Activity Type', 'Description', 'Performed By', 'Actions']}
          emptyTitle="No billing activity yet"
          emptyText={PENDING.billing}
        />
      </Panel>
    </div>
  );
}
