import { request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';
import { z } from '../../../lib/zod';

const FAILED = 'Failed to fetch dispensation data';

const statsAnswer = z.object({
  data: z.object({
    pendingPrescriptions: z.number(),
    dispensedToday: z.number(),
    dispensedTotal: z.number(),
    lowStock: z.number(),
  }),
});
export type PharmacyStats = z.infer<typeof statsAnswer>['data'];

/** GET /api/pharmacy/stats: the pharmacist dashboard's figures (product-spec-1 §2), all from records. */
export async function fetchPharmacyStats(signal?: AbortSignal): Promise<PharmacyStats> {
  try {
    return statsAnswer.parse(await request('/pharmacy/stats', { searchParams: { recent: 1 }, signal })).data;
  } catch (e) {
    throw failureOf(e, FAILED);
  }
}

const dispensation = z.object({
  id: z.string(),
  consultationId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  dispensedBy: z.string(),
  dispensedAt: z.string(),
  status: z.string(),
  medications: z.array(z.object({ name: z.string(), dosage: z.string().nullable(), quantity: z.number() })),
});
export type Dispensation = z.infer<typeof dispensation>;

const pageAnswer = z.object({
  data: z.array(dispensation),
  pagination: z.object({ totalPages: z.number(), totalRecords: z.number() }),
});
export type DispensationsPage = z.infer<typeof pageAnswer>;

/** GET /api/pharmacy/dispensations: who received which medications, newest first. */
export async function fetchDispensations(
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<DispensationsPage> {
  try {
    return pageAnswer.parse(await request('/pharmacy/dispensations', { searchParams: query, signal }));
  } catch (e) {
    throw failureOf(e, FAILED);
  }
}
