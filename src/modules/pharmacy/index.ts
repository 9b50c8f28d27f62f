import type { AppModule } from '../../platform/platform';
import { pharmacyContracts } from './events';
import { medicationStockProjection } from './read-models/medication-stock';
import { stockMovementsProjection } from './read-models/stock-movements';
import { pharmacyReportRoutes } from './report-routes';
import { pharmacyRoutes } from './routes';

/** Pharmacy stock: batches of medications, receipts, adjustments and dispensations as events; the pharmacist's reports. */
export { pharmacyContracts } from './events';
export type * from './events';
export { InsufficientStock } from './errors';
export { dispenseFromStock, type DispenseRequest } from './stock';
export { isStockStream } from './medication';
export {
  catalogueMedicationNames,
  countLowStock,
  formularyIdsOf,
  formularyMedications,
  MEDICATION_STOCK,
} from './read-models/medication-stock';

export const pharmacyModule: AppModule = {
  name: 'pharmacy',
  events: pharmacyContracts,
  routes: (app, platform) => {
    pharmacyRoutes(app, platform);
    pharmacyReportRoutes(app, platform);
  },
  projections: [medicationStockProjection, stockMovementsProjection],
};
