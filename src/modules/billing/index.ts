import type { AppModule } from '../../platform/platform';
import { billingContracts } from './events';
import { hmoContracts } from './hmo-events';
import { billingHmoProjection } from './read-models/hmo';
import { invoicingReactor } from './reactors/invoicing';
import { billingLedgerProjection } from './read-models/ledger';
import { billingRoutes } from './routes';

/**
 * Billing: invoices raised from consultations (fee and charges), dispensing and completed lab
 * tests at list prices, or by hand; payments with per-hospital receipt numbers; the accountant's
 * dashboard and activity. Money is whole kobo throughout.
 */
export { billingContracts } from './events';
export type * from './events';
export { BILLING_LEDGER } from './read-models/ledger';
export { BILLING_HMO } from './read-models/hmo';
export type * from './hmo-events';
export { BILLING_INVOICING } from './reactors/invoicing';

export const billingModule: AppModule = {
  name: 'billing',
  events: [...billingContracts, ...hmoContracts],
  routes: billingRoutes,
  projections: [billingLedgerProjection, billingHmoProjection],
  reactors: (platform) => [invoicingReactor(platform)],
};
