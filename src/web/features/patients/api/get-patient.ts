import { fetchPatient } from '../../../lib/patients-api';
import { patientsError, type PatientDetail } from './patient-schemas';

/** GET /api/patients/{id} (its one client): the detail with its version (sent back on edit). */
export async function getPatient(id: string, signal?: AbortSignal): Promise<PatientDetail> {
  try {
    return await fetchPatient(id, { signal });
  } catch (e) {
    throw patientsError(e, 'Failed to fetch patient details');
  }
}
