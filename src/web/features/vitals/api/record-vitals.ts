import { request } from '../../../lib/api-client';
import { z } from '../../../lib/zod';
import type { VitalSignsInput } from '../vitals-form-rules';
import { vitalsError } from './waiting-patients';

const answer = z.object({ message: z.string().optional() });

/** POST /api/patients/{id}/vitals; answers the server's success message. */
export async function recordVitals(patientId: string, vitals: VitalSignsInput): Promise<string> {
  try {
    const body = answer.parse(
      await request(`/patients/${encodeURIComponent(patientId)}/vitals`, { method: 'post', json: vitals }),
    );
    return body.message ?? 'Vitals recorded successfully!';
  } catch (e) {
    throw vitalsError(e, 'Failed to record vitals');
  }
}
