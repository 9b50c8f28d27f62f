import { recordVitalsEndpoint } from '../../../../shared/api/patients';
import { callEndpoint } from '../../../lib/endpoint-client';
import { runOrQueue, SAVED_ON_DEVICE } from '../../../lib/offline/run-or-queue';
import type { VitalSignsInput } from '../vitals-form-rules';
import { vitalsError } from './waiting-patients';

/** POST /api/patients/{id}/vitals; answers the server's success message, or that it was kept on this device. */
export async function recordVitals(
  patientId: string,
  vitals: VitalSignsInput,
  patientName = 'a patient',
): Promise<string> {
  const route = `patients/${encodeURIComponent(patientId)}/vitals`;
  const command = {
    kind: 'record-vitals' as const,
    method: 'POST' as const,
    route,
    body: vitals,
    label: `Vitals for ${patientName}`,
  };
  try {
    const outcome = await runOrQueue(command, () =>
      callEndpoint(recordVitalsEndpoint, { params: { id: patientId }, json: vitals }),
    );
    if (outcome.queued) return SAVED_ON_DEVICE;
    return outcome.value.message ?? 'Vitals recorded successfully!';
  } catch (e) {
    throw vitalsError(e, 'Failed to record vitals');
  }
}
