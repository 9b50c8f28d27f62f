import { createConsultationEndpoint } from '../../../../shared/api/consultations';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { z } from '../../../lib/zod';
import { clinicalError, type Consultation } from './consultation-schemas';

/** The create payload of product-spec-2 §3, as the shared contract's body takes it (vitals null when none was taken). */
export type ConsultationPayload = z.input<typeof createConsultationEndpoint.body>;

/** POST /api/consultations/create: the saved consultation and the server's message. */
export async function createConsultation(payload: ConsultationPayload) {
  try {
    const answer = await callEndpoint(createConsultationEndpoint, { json: payload });
    const consultation: Consultation | undefined = answer.consultation;
    if (!consultation) throw new Error('The saved consultation is missing from the answer');
    return { consultation, message: answer.message };
  } catch (e) {
    throw clinicalError(e, 'Failed to save consultation');
  }
}
