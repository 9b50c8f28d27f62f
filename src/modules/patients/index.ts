import type { AppModule } from '../../platform/platform';
import { patientsContracts } from './events';
import { patientsListProjection } from './read-models/patients-list';
import { patientRoutes } from './routes';

/** Patient records: registration, edits, statuses, vitals, deletion, and the lists and counts behind the dashboards. */
export { patientsContracts } from './events';
export type * from './events';
export type { PatientStatus } from './patient';
export { PATIENTS_LIST } from './read-models/patients-list';

export const patientsModule: AppModule = {
  name: 'patients',
  events: patientsContracts,
  routes: patientRoutes,
  projections: [patientsListProjection],
};
