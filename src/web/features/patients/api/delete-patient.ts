import { deletePatientRecord } from '../../../lib/patients-api';
import { patientsError } from './patient-schemas';

/** DELETE /api/patients/{id} (its one client): the patient leaves every list; the history stays on the server. */
export async function deletePatient(id: string): Promise<void> {
  try {
    await deletePatientRecord(id);
  } catch (e) {
    throw patientsError(e, 'Failed to delete patient');
  }
}
