import { request } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { z } from '../../../lib/zod';
import { billingError } from './billing-schemas';

const coverage = z.object({ consultation: z.number(), medication: z.number(), lab: z.number() });
export const hmoSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  contact: z.string().nullable(),
  coverage,
  active: z.boolean(),
  enrollees: z.number().optional(),
});
export type Hmo = z.infer<typeof hmoSchema>;
export type HmoInput = {
  name: string;
  code: string;
  contact: string;
  coverage: { consultation: string; medication: string; lab: string };
  active: boolean;
};

const enrollmentSchema = z.object({
  patientId: z.string(),
  patientName: z.string(),
  enrolleeNumber: z.string(),
  hmo: hmoSchema,
});
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const claimSchema = z.object({
  id: z.string(),
  claimNumber: z.string(),
  hmoName: z.string(),
  month: z.string(),
  items: z.array(
    z.object({
      invoiceId: z.string(),
      invoiceNumber: z.string(),
      patientName: z.string(),
      enrolleeNumber: z.string(),
      amountKobo: z.number(),
      paidKobo: z.number().nullable(),
      rejectedKobo: z.number().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  totalKobo: z.number(),
  paidKobo: z.number(),
  rejectedKobo: z.number(),
  status: z.string(),
  submittedAt: z.string(),
});
export type Claim = z.infer<typeof claimSchema>;

const agingRow = z.object({
  id: z.string(),
  name: z.string(),
  invoices: z.number().optional(),
  totalKobo: z.number(),
  d0_30: z.number(),
  d31_60: z.number(),
  d61_90: z.number(),
  d90plus: z.number(),
});
const outstandingSchema = z.object({ rows: z.array(agingRow), totals: agingRow.omit({ id: true, name: true }) });
export type AgingRow = z.infer<typeof agingRow>;
export type Outstanding = z.infer<typeof outstandingSchema>;

async function call<T>(schema: z.ZodType<T>, fallback: string, path: string, options = {}) {
  try {
    return schema.parse(((await request(path, options)) as { data: unknown }).data);
  } catch (e) {
    throw billingError(e, fallback);
  }
}

export const listHmos = (signal?: AbortSignal) =>
  call(z.object({ hmos: z.array(hmoSchema) }), 'Failed to fetch HMOs', '/billing/hmos', { signal });

/** POST a new provider, or PUT an edit of `id`. */
export const saveHmo = (input: HmoInput, id?: string) =>
  call(
    z.object({ hmo: hmoSchema }),
    'Failed to save HMO',
    id ? `/billing/hmos/${encodeURIComponent(id)}` : '/billing/hmos',
    {
      method: id ? 'put' : 'post',
      json: { ...input, contact: input.contact.trim() || null },
    },
  );

const enrollmentAnswer = z.object({ enrollment: enrollmentSchema.nullable() });
const patientHmo = (patientId: string) => `/billing/patients/${encodeURIComponent(patientId)}/hmo`;
export const getEnrollment = (patientId: string, signal?: AbortSignal) =>
  call(enrollmentAnswer, 'Failed to fetch enrollment', patientHmo(patientId), { signal });
export const enroll = (patientId: string, body: { hmoId: string; enrolleeNumber: string }) =>
  call(enrollmentAnswer, 'Failed to enroll patient', patientHmo(patientId), { method: 'put', json: body });
export const endEnrollment = (patientId: string) =>
  call(enrollmentAnswer, 'Failed to end enrollment', patientHmo(patientId), { method: 'delete' });

export const listClaims = (signal?: AbortSignal) =>
  call(z.object({ claims: z.array(claimSchema) }), 'Failed to fetch claims', '/billing/claims', { signal });
export const submitClaim = (hmoId: string, month: string) =>
  call(z.object({ claim: claimSchema }), 'Failed to submit claim', '/billing/claims', {
    method: 'post',
    json: { hmoId, month },
  });
/** The HMO's answer: items not listed paid in full; a rejected item paid 0 with its reason. */
export const settleClaim = (id: string, items: { invoiceId: string; paid: string; reason: string }[]) =>
  call(z.object({ claim: claimSchema }), 'Failed to settle claim', `/billing/claims/${encodeURIComponent(id)}/settle`, {
    method: 'post',
    json: { items },
  });

export const getOutstanding = (by: 'patient' | 'hmo', signal?: AbortSignal) =>
  call(outstandingSchema, 'Failed to fetch outstanding balances', '/billing/reports/outstanding', {
    searchParams: { by },
    signal,
  });

/** Downloads the claim's CSV (with the session's token) as a file. */
export async function downloadClaimCsv(claim: Claim) {
  try {
    await downloadFile(
      `/billing/claims/${encodeURIComponent(claim.id)}/csv`,
      `${claim.claimNumber}-${claim.month}.csv`,
    );
  } catch (e) {
    throw billingError(e, 'Failed to download claim');
  }
}

const patientHits = z.object({
  patients: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      hospitalNumber: z.string(),
      phone: z.string(),
      dateOfBirth: z.string(),
    }),
  ),
});
export type PatientHit = z.infer<typeof patientHits>['patients'][number];
/** GET /api/billing/patients?search=: the billing desk's lookup (nothing clinical), the first five matches. */
export const findPatients = (search: string, signal?: AbortSignal) =>
  call(patientHits, 'Failed to fetch patients', '/billing/patients', { searchParams: { limit: 5, search }, signal });
