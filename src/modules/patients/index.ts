import type { AppModule } from '../../platform/platform';
import { patientsListProjection } from './read-models/patients-list';
import { patientRoutes } from './routes';

/** Patient records: registration and the list behind the dashboards. Edits and status changes come later. */
export type { PatientEvent, PatientRegistered, PatientStatus } from './patient';
export { PATIENTS_LIST } from './read-models/patients-list';

export const patientsModule: AppModule = {
  name: 'patients',
  routes: patientRoutes,
  projections: [patientsListProjection],
};
