import type { AppModule } from '../../platform/platform';
import { consultationsContracts } from './events';
import { consultationsProjection } from './read-models/consultations';
import { consultationRoutes } from './routes';

/** Consultations: the doctor's record with its prescription, lab orders and fee; dispensing against stock. */
export { consultationsContracts } from './events';
export type * from './events';
export { CONSULTATIONS } from './read-models/consultations';
export { consultationInvoiceId } from './invoice-id';

export const consultationsModule: AppModule = {
  name: 'consultations',
  events: consultationsContracts,
  routes: consultationRoutes,
  projections: [consultationsProjection],
};
