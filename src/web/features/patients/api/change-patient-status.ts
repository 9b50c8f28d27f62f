import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { runOrQueue, SAVED_ON_DEVICE } from '../../../lib/offline/run-or-queue';
import { patientDetailSchema, patientsError, type PatientDetail } from './patient-schemas';

const answer = z.object({ message: z.string().optional(), data: z.object({ patient: patientDetailSchema }) });

/**
 * PATCH /api/patients/{id}/status, pinned to the version shown (409 when someone moved the patient meanwhile).
 * Offline it is kept on this device with that version (patient null), and a 409 on sync is shown as a conflict.
 */
export async function changePatientStatus(
  id: string,
  status: string,
  version: number,
  patientName = 'a patient',
): Promise<{ message: string; patient: PatientDetail | null }> {
  const route = `patients/${encodeURIComponent(id)}/status`;
  const command = {
    kind: 'change-status' as const,
    method: 'PATCH' as const,
    route,
    body: { status },
    basedOnVersion: version,
    label: `Status of ${patientName} to ${status}`,
  };
  try {
    const outcome = await runOrQueue(command, () => request(route, { method: 'patch', json: { status, version } }));
    if (outcome.queued) return { message: SAVED_ON_DEVICE, patient: null };
    const parsed = answer.parse(outcome.value);
    return { message: parsed.message ?? 'Patient status updated successfully!', patient: parsed.data.patient };
  } catch (e) {
    throw patientsError(e, 'Failed to update patient status');
  }
}
