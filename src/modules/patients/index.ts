import type { AppModule } from '../../platform/platform';
import { patientsContracts } from './events';
import { patientsListProjection } from './read-models/patients-list';
import { patientRoutes } from './routes';

/** Patient records: registration and the list behind the dashboards. Edits and status changes come later. */
export { patientsContracts } from './events';
export type * from './events';
export type { PatientStatus } from './patient';

export const patientsModule: AppModule = {
  name: 'patients',
  events: patientsContracts,
  routes: patientRoutes,
  projections: [patientsListProjection],
};
