import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { BillingActivityTable } from './components/billing-activity-table';
import styles from './components/dashboard-layout.module.css';

/** /user/billing-activity: the billing dashboard's View All, every billing event ten a page. */
export default function BillingActivityPage() {
  return (
    <div className={styles.page}>
      <PageHeading title="Billing Activity" />
      <Panel title="All activity">
        <BillingActivityTable />
      </Panel>
    </div>
  );
}
