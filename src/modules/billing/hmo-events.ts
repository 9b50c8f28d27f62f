import { z } from 'zod';
import { defineEvent, type EventOf } from '../../platform/event-store/contracts';
import { coverage } from './events';

/**
 * HMO cover. Streams: `billing-hmo-<hmoId>` (a provider), `billing-enrollment-<patientId>` (the
 * patient's HMO), `billing-claim-<claimId>` (a monthly claim) and the hospital's claim counter
 * `billing-claim-numbers-<hospitalId>`. Money is whole kobo.
 */
const kobo = z.number().int().min(0);

/** A provider as it now stands (created or edited). */
export const hmoProviderSaved = defineEvent(
  'HmoProviderSaved',
  z.object({
    hmoId: z.string(),
    hospitalId: z.string(),
    name: z.string(),
    code: z.string(),
    contact: z.string().nullable(),
    coverage,
    active: z.boolean(),
  }),
);

export const patientHmoEnrolled = defineEvent(
  'PatientHmoEnrolled',
  z.object({
    patientId: z.string(),
    hospitalId: z.string(),
    patientName: z.string(),
    hmoId: z.string(),
    hmoName: z.string(),
    enrolleeNumber: z.string(),
  }),
);

export const patientHmoEnrollmentEnded = defineEvent(
  'PatientHmoEnrollmentEnded',
  z.object({ patientId: z.string(), hospitalId: z.string(), patientName: z.string(), hmoId: z.string() }),
);

export const claimItem = z.object({
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  enrolleeNumber: z.string(),
  /** The invoice's hospital date (YYYY-MM-DD). */
  invoiceDate: z.string(),
  amountKobo: z.number().int().min(1),
});
export type ClaimItem = z.infer<typeof claimItem>;

export const claimSubmitted = defineEvent(
  'ClaimSubmitted',
  z.object({
    claimId: z.string(),
    hospitalId: z.string(),
    claimNumber: z.string(),
    hmoId: z.string(),
    hmoName: z.string(),
    /** YYYY-MM: the month whose invoices it claims. */
    month: z.string(),
    items: z.array(claimItem).min(1),
    totalKobo: kobo,
  }),
);

export const claimItemOutcome = z.object({
  invoiceId: z.string(),
  paidKobo: kobo,
  rejectedKobo: kobo,
  reason: z.string().nullable(),
});
export type ClaimItemOutcome = z.infer<typeof claimItemOutcome>;

export const CLAIM_STATUSES = ['submitted', 'paid', 'part-paid', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const claimSettled = defineEvent(
  'ClaimSettled',
  z.object({
    claimId: z.string(),
    hospitalId: z.string(),
    claimNumber: z.string(),
    items: z.array(claimItemOutcome),
    paidKobo: kobo,
    rejectedKobo: kobo,
    status: z.enum(['paid', 'part-paid', 'rejected']),
  }),
);

export const claimNumberIssued = defineEvent(
  'ClaimNumberIssued',
  z.object({ hospitalId: z.string(), number: z.number().int().min(1), claimId: z.string() }),
);

export const hmoContracts = [
  hmoProviderSaved,
  patientHmoEnrolled,
  patientHmoEnrollmentEnded,
  claimSubmitted,
  claimSettled,
  claimNumberIssued,
] as const;

export type HmoProviderSaved = EventOf<typeof hmoProviderSaved>;
export type PatientHmoEnrolled = EventOf<typeof patientHmoEnrolled>;
export type PatientHmoEnrollmentEnded = EventOf<typeof patientHmoEnrollmentEnded>;
export type ClaimSubmitted = EventOf<typeof claimSubmitted>;
export type ClaimSettled = EventOf<typeof claimSettled>;
export type ClaimNumberIssued = EventOf<typeof claimNumberIssued>;
export type HmoEvent =
  HmoProviderSaved | PatientHmoEnrolled | PatientHmoEnrollmentEnded | ClaimSubmitted | ClaimSettled | ClaimNumberIssued;
