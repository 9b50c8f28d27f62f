import { deletePatientEndpoint, patientEndpoint } from '../../../../shared/api/patients';
import type { SessionUser } from '../../../lib/session';
import { answer } from '../../../lib/testing/fake-api';
import {
  listedPatient,
  patientRecord,
  patientsPageAnswer,
  recordedVitals,
  type ListedPatient,
  type PatientRecordAnswer,
} from '../../../lib/testing/patients';

/** Patients and staff as the API and the session give them, for component tests. */
export const receptionist: SessionUser = {
  id: 'u-r',
  name: 'Bola Ade',
  email: 'bola@clinic.ng',
  initials: 'BA',
  role: 'receptionist',
  roleId: 3,
  hospital: { id: 'h1', hospitalId: 'HOSP-1', name: 'Lagos Clinic', status: 'active' },
  mustChangePassword: false,
};

// Typed by the shared contract (src/web/lib/testing/patients.ts): a fixture the server could not send does not compile.
export const chioma = listedPatient({ registeredBy: { id: 'u-r', name: 'Bola Ade' } });
export const chiomaDetail = patientRecord(chioma);

/** GET /api/patients/{id}'s answer. */
export const detail = (patient: PatientRecordAnswer) => answer(patientEndpoint, patient);

/** DELETE /api/patients/{id}'s answer: a message and no data. */
export const deletedAnswer = () => answer(deletePatientEndpoint, undefined, 'Patient deleted successfully!');

export const page = (patients: ListedPatient[], totalPatients = patients.length, limit = 10) =>
  patientsPageAnswer(patients, { total: totalPatients, limit });

/** Vitals as a nurse records them: weight in kg, temperature in the unit taken. */
export const vitals = recordedVitals();

export const doctor: SessionUser = { ...receptionist, id: 'u-d', name: 'Tunde Bello', role: 'doctor', roleId: 1 };
