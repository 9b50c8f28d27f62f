import type { AppModule } from '../../platform/platform';
import { laboratoryContracts } from './events';
import { labPatientStatusReactor } from './reactors/patient-status';
import { labRequestsProjection } from './read-models/lab-requests';
import { laboratoryRoutes } from './routes';

/** Lab work: a request per ordered test, started and resulted by the lab, the patient's status following. */
export { laboratoryContracts, LAB_TEST_CATALOGUE, LAB_URGENCIES } from './events';
export type * from './events';
export { orderLabTests, type LabOrder } from './commands';
export { labRequestsForConsultations, LAB_REQUESTS, type LabRequestView } from './read-models/lab-requests';
export { labRequestSchema, pagination, paginationSchema } from './routes';
export { LAB_PATIENT_STATUS } from './reactors/patient-status';

export const laboratoryModule: AppModule = {
  name: 'laboratory',
  events: laboratoryContracts,
  routes: laboratoryRoutes,
  projections: [labRequestsProjection],
  reactors: (platform) => [labPatientStatusReactor(platform)],
};
