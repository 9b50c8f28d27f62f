import { request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';
import { z } from '../../../lib/zod';

const medication = z.object({
  name: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  duration: z.string(),
  instructions: z.string().nullish(),
  quantity: z.number(),
  dispensed: z.boolean().default(false),
});

/** A pending prescription (product-spec-2 §3): the consultation's medications still to hand out. */
export const prescriptionSchema = z.object({
  id: z.string(),
  consultationId: z.string(),
  patientId: z.string().nullish(),
  patientName: z.string(),
  dateIssued: z.string(),
  prescribedBy: z.string(),
  diagnosis: z.string().nullish(),
  medications: z.array(medication),
});
export type PendingPrescription = z.infer<typeof prescriptionSchema>;

const pageAnswer = z.object({
  data: z.array(prescriptionSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    hasPrev: z.boolean(),
    hasNext: z.boolean(),
  }),
});
export type PrescriptionsPage = z.infer<typeof pageAnswer>;

/** GET /api/consultations/prescriptions/pending: oldest first, `limit` a page. */
export async function listPendingPrescriptions(
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<PrescriptionsPage> {
  try {
    return pageAnswer.parse(await request('/consultations/prescriptions/pending', { searchParams: query, signal }));
  } catch (e) {
    throw failureOf(e, 'Failed to fetch prescriptions', 'An error occurred while fetching prescriptions');
  }
}

/** POST …/{consultationId}/dispense with an empty body: every medication left; 409 names a short one. */
export async function dispensePrescription(consultationId: string): Promise<string> {
  try {
    const answer = z.object({ message: z.string() }).parse(
      await request(`/consultations/prescriptions/${encodeURIComponent(consultationId)}/dispense`, {
        method: 'post',
        json: {},
      }),
    );
    return answer.message;
  } catch (e) {
    throw failureOf(e, 'Failed to dispense medication', 'An error occurred while dispensing medication');
  }
}

/** The consultation a NEW_PRESCRIPTION message carries, as a card; null when it is not one. */
const liveConsultation = z.object({
  id: z.string(),
  patientId: z.string().nullish(),
  patientName: z.string(),
  doctor: z.object({ name: z.string() }),
  diagnosis: z.string().nullish(),
  dateIssued: z.string(),
  medications: z.array(medication),
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
