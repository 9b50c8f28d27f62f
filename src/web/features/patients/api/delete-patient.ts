import { request } from '../../../lib/api-client';
import { patientsError } from './patient-schemas';

/** DELETE /api/patients/{id}: the patient leaves every list; the history stays on the server. */
export async function deletePatient(id: string): Promise<void> {
  try {
    await request(`/patients/${encodeURIComponent(id)}`, { method: 'delete' });
  } catch (e) {
    throw patientsError(e, 'Failed to delete patient');
  }
}
