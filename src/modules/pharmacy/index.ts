import type { AppModule } from '../../platform/platform';
import { pharmacyContracts } from './events';
import { medicationStockProjection } from './read-models/medication-stock';
import { pharmacyRoutes } from './routes';

/** Pharmacy stock: batches of medications, receipts, adjustments and dispensations as events. */
export { pharmacyContracts } from './events';
export type * from './events';
export { InsufficientStock } from './errors';
export { dispenseFromStock, type DispenseRequest } from './stock';
export { countLowStock, MEDICATION_STOCK } from './read-models/medication-stock';

export const pharmacyModule: AppModule = {
  name: 'pharmacy',
  events: pharmacyContracts,
  routes: pharmacyRoutes,
  projections: [medicationStockProjection],
};
