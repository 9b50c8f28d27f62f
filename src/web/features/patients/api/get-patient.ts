import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { patientDetailSchema, patientsError, type PatientDetail } from './patient-schemas';

const answer = z.object({ data: patientDetailSchema });

/** GET /api/patients/{id}: the detail with its version (sent back on edit). */
export async function getPatient(id: string, signal?: AbortSignal): Promise<PatientDetail> {
  try {
    return answer.parse(await request(`/patients/${encodeURIComponent(id)}`, { signal })).data;
  } catch (e) {
    throw patientsError(e, 'Failed to fetch patient details');
  }
}
