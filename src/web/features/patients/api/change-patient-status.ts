import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { patientDetailSchema, patientsError, type PatientDetail } from './patient-schemas';

const answer = z.object({ message: z.string().optional(), data: z.object({ patient: patientDetailSchema }) });

/** PATCH /api/patients/{id}/status, pinned to the version shown (409 when someone moved the patient meanwhile). */
export async function changePatientStatus(
  id: string,
  status: string,
  version: number,
): Promise<{ message: string; patient: PatientDetail }> {
  try {
    const parsed = answer.parse(
      await request(`/patients/${encodeURIComponent(id)}/status`, { method: 'patch', json: { status, version } }),
    );
    return { message: parsed.message ?? 'Patient status updated successfully!', patient: parsed.data.patient };
  } catch (e) {
    throw patientsError(e, 'Failed to update patient status');
  }
}
