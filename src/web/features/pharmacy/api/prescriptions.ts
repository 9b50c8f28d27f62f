import { medication } from '../../../../shared/api/consultations';
import { dispenseEndpoint, pendingPrescriptionsEndpoint } from '../../../../shared/api/dispensing';
import { failureOf } from '../../../lib/api-failure';
import { callEndpoint } from '../../../lib/endpoint-client';
import { z } from '../../../lib/zod';

/**
 * What a card shows of a prescribed medication: the queue's answer has it, and so has a live NEW_PRESCRIPTION
 * (which says nothing of dispensing yet, and may leave out instructions).
 */
const cardMedication = medication
  .pick({ name: true, dosage: true, frequency: true, duration: true, quantity: true })
  .extend({ instructions: z.string().nullish(), dispensed: z.boolean().default(false) });
type CardMedication = z.output<typeof cardMedication>;

type QueueItem = z.output<typeof pendingPrescriptionsEndpoint.data>[number];

/** A pending prescription (product-spec-2 §3): the consultation's medications still to hand out. */
export type PendingPrescription = Omit<QueueItem, 'medications'> & { medications: CardMedication[] };

export type PrescriptionsPage = z.output<typeof pendingPrescriptionsEndpoint.response>;

/** GET /api/consultations/prescriptions/pending: oldest first, `limit` a page. */
export async function listPendingPrescriptions(
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<PrescriptionsPage> {
  try {
    return await callEndpoint(pendingPrescriptionsEndpoint, { searchParams: query, signal });
  } catch (e) {
    throw failureOf(e, 'Failed to fetch prescriptions', 'An error occurred while fetching prescriptions');
  }
}

/** POST …/{consultationId}/dispense with an empty body: every medication left; 409 names a short one. */
export async function dispensePrescription(consultationId: string): Promise<string> {
  try {
    return (await callEndpoint(dispenseEndpoint, { params: { consultationId }, json: {} })).message;
  } catch (e) {
    throw failureOf(e, 'Failed to dispense medication', 'An error occurred while dispensing medication');
  }
}

/** The consultation a NEW_PRESCRIPTION message carries, as a card; null when it is not one. */
const liveConsultation = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  doctor: z.object({ name: z.string() }),
  diagnosis: z.string(),
  dateIssued: z.string(),
  medications: z.array(cardMedication),
});

export function prescriptionFromMessage(data: Record<string, unknown>): PendingPrescription | null {
  const parsed = liveConsultation.safeParse(data.consultation);
  if (!parsed.success) return null;
  const c = parsed.data;
  return {
    id: c.id,
    consultationId: c.id,
    patientId: c.patientId,
    patientName: c.patientName,
    dateIssued: c.dateIssued,
    prescribedBy: c.doctor.name,
    diagnosis: c.diagnosis,
    medications: c.medications,
  };
}
