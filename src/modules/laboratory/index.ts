import type { AppModule } from '../../platform/platform';
import { laboratoryContracts } from './events';
import { labRequestsProjection } from './read-models/lab-requests';
import { laboratoryRoutes } from './routes';

/** Lab work: a request per ordered test, started and resulted by the lab, the patient's status following in the results' commit. */
export { laboratoryContracts, LAB_TEST_CATALOGUE, LAB_URGENCIES } from './events';
export type * from './events';
export { orderLabTests, type LabOrder } from './commands';
export {
  labRequestsForConsultations,
  LAB_REQUESTS,
  toLabRequestView,
  type LabRequestView,
} from './read-models/lab-requests';
// The consultation list's point-in-time replay folds a patient's lab requests through these.
export { chartOrder, replayLabRequest } from './read-models/lab-request-rows';
export { labRequestStream } from './lab-request';
export { labRequestSchema, pagination, paginationSchema } from './routes';

export const laboratoryModule: AppModule = {
  name: 'laboratory',
  events: laboratoryContracts,
  routes: laboratoryRoutes,
  projections: [labRequestsProjection],
};
