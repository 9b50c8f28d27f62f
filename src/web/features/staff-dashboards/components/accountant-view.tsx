import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { PageHeading } from '../../../components/page-heading';
import { Panel } from '../../../components/panel';
import { BillingActivityTable } from './billing-activity-table';
import { BillingFigures } from './billing-figures';
import styles from './dashboard-layout.module.css';

/** The billing staff view (product-spec-1 §2, product-spec-2 §2): every figure from the hospital's invoices and payments. */
export function AccountantView() {
  return (
    <div className={styles.page}>
      <PageHeading
        title="Billing Dashboard"
        actions={
          <ButtonLink href={paths.user.invoice} size="small">
            Invoices
          </ButtonLink>
        }
      />
      <BillingFigures />
      <Panel
        title="Recent Activity"
        actions={
          <ButtonLink href={paths.user.billingActivity} variant="secondary" size="small">
            View All
          </ButtonLink>
        }
      >
        <BillingActivityTable />
      </Panel>
    </div>
  );
}
