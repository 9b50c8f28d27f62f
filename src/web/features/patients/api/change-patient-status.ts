import { changePatientStatusEndpoint } from '../../../../shared/api/patients';
import { callEndpoint } from '../../../lib/endpoint-client';
import { runOrQueue, SAVED_ON_DEVICE } from '../../../lib/offline/run-or-queue';
import { patientsError, type PatientDetail } from './patient-schemas';

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
    const outcome = await runOrQueue(command, () =>
      callEndpoint(changePatientStatusEndpoint, { params: { id }, json: { status, version } }),
    );
    if (outcome.queued) return { message: SAVED_ON_DEVICE, patient: null };
    const answer = outcome.value;
    return { message: answer.message ?? 'Patient status updated successfully!', patient: answer.data.patient };
  } catch (e) {
    throw patientsError(e, 'Failed to update patient status');
  }
}
