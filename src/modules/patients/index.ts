import type { AppModule } from '../../platform/platform';
import { patientsContracts } from './events';
import { patientsListProjection } from './read-models/patients-list';
import { patientRoutes } from './routes';

/** Patient records: registration, edits, statuses, vitals, deletion, and the lists and counts behind the dashboards. */
export { patientsContracts } from './events';
export type * from './events';
export type { PatientStatus } from './patient';
export { PATIENTS_LIST } from './read-models/patients-list';
// Point-in-time replay and the export (the audit module reads a patient's stream through these).
export { patientStream } from './patient';
export type { PatientDetails, VitalSigns } from './patient';
export { replayPatient, patientDetailAsOf, type ReplayedPatient } from './read-models/patient-replay';
export { toDetail as patientDetailOf, type PatientDetailView } from './read-models/patients-queries';
// For the clinical modules: a patient's record and the status command.
export { findPatient } from './read-models/patients-queries';
// For the billing desk: a lookup with nothing clinical in it (issue 34 §2).
export { lookupPatients } from './read-models/patient-lookup';
export {
  changePatientStatus,
  recordVitals,
  stageConsultationOutcome,
  stagePatientStatus,
} from './commands/change-patient';
export { recordVitalsBody as vitalSignsInput } from './vitals-rules';
export { PatientNotFound } from './errors';

export const patientsModule: AppModule = {
  name: 'patients',
  events: patientsContracts,
  routes: patientRoutes,
  projections: [patientsListProjection],
};
