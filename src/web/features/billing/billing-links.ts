import { paths } from '../../app/paths';

/**
 * Where the billing pages link to: the accountant's /user pages by default; /admin/billing passes
 * the admin's own routes (an admin on a /user path is sent to the admin dashboard).
 */
export type BillingLinks = {
  invoices: string;
  invoice: (id: string) => string;
  receipt: (paymentId: string) => string;
};

export const USER_BILLING_LINKS: BillingLinks = {
  invoices: paths.user.invoice,
  invoice: paths.user.invoiceDetail,
  receipt: paths.user.receipt,
};
