import { PageHeading } from '../components/page-heading';
import { Panel } from '../components/panel';
import { useHasModule } from '../lib/module-access';
import type { BillingLinks } from '../features/billing/billing-links';
import { RecentInvoices } from '../features/billing/components/recent-invoices';
import InvoiceDetailPage from '../features/billing/invoice-detail-page';
import ReceiptPage from '../features/billing/receipt-page';
import { BillingFigures } from '../features/staff-dashboards/components/billing-figures';
import { paths } from './paths';
import styles from './admin-pages.module.css';

/** The admin's own billing routes, so an invoice's links never lead to a /user page (which sends an admin away). */
export const ADMIN_BILLING_LINKS: BillingLinks = {
  invoices: paths.admin.billing,
  invoice: paths.admin.invoiceDetail,
  receipt: paths.admin.receipt,
};

/**
 * /admin/billing (issue 13): the accountant's figures (staff-dashboards) and the newest invoices
 * (billing), read-only. An invoice opens only while the hospital's access matrix gives the admin
 * Billing & Invoicing (it does by default); the server checks again on every call.
 */
export default function AdminBillingPage() {
  const mayOpen = useHasModule('billing');
  return (
    <div className={styles.page}>
      <PageHeading title="Billing" />
      <p className={styles.muted}>The accountant&apos;s figures for the whole hospital, as they stand now.</p>
      <BillingFigures />
      <Panel title="Recent Invoices">
        <RecentInvoices invoiceHref={mayOpen ? paths.admin.invoiceDetail : undefined} />
      </Panel>
    </div>
  );
}

/** /admin/billing/invoices/:invoiceId: the billing feature's invoice details, linking back to /admin/billing. */
export function AdminInvoiceDetail() {
  return <InvoiceDetailPage links={ADMIN_BILLING_LINKS} />;
}

/** /admin/billing/payments/:paymentId/receipt. */
export function AdminReceipt() {
  return <ReceiptPage links={ADMIN_BILLING_LINKS} />;
}
