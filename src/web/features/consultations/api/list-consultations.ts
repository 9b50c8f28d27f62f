import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { clinicalError, consultationSchema, type Consultation } from './consultation-schemas';

const answer = z.object({ data: z.array(consultationSchema) });

/** GET /api/consultations/patient/{patientId}: the patient's consultations, newest first. */
export async function listConsultations(patientId: string, signal?: AbortSignal): Promise<Consultation[]> {
  try {
    return answer.parse(await request(`/consultations/patient/${encodeURIComponent(patientId)}`, { signal })).data;
  } catch (e) {
    throw clinicalError(e, 'Failed to fetch consultations');
  }
}
