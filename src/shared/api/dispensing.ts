import { z } from 'zod';
import { medication } from './consultations';
import { endpoint } from './endpoint';
import { labPagination as pagination } from './laboratory';

/**
 * Dispensing (issue 36 §1): the pharmacist's queue of prescriptions and the dispense command, served under
 * /api/consultations/prescriptions/… because a prescription is part of its consultation, and the dispensing
 * figures and activity under /api/pharmacy/…, read by the pharmacist's dashboard and the admin's pharmacy page.
 * Declared once for the consultations routes, the OpenAPI document and the browser; a medication is the
 * consultation contract's.
 */

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

/** A page of `item`s: the items are the answer's `data`, the page's place beside it, where the spec's client reads it. */
function pageEndpoint<const P extends `/${string}`, T extends z.ZodType>(path: P, item: T) {
  const data = z.array(item);
  const response = z.object({ success: z.literal(true), data, pagination });
  return { method: 'GET', path, query: pageQuery, data, response } as const;
}

export const pendingPrescription = z.object({
  id: z.string(),
  consultationId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  dateIssued: z.string().meta({ format: 'date-time' }),
  prescribedBy: z.string(),
  diagnosis: z.string(),
  medications: z.array(medication),
});

/** Prescriptions with medications left to dispense, oldest first. */
export const pendingPrescriptionsEndpoint = pageEndpoint('/consultations/prescriptions/pending', pendingPrescription);

/** Every medication left (no body, or no `items`) or those at the `items` indexes; never one twice. */
export const dispenseBody = z
  .object({ items: z.array(z.number().int().min(0).max(1000)).min(1, 'Choose at least one medication').optional() })
  .nullish();

const dispensed = z.object({
  dispensed: z.array(z.number().int()),
  prescription: z.object({
    consultationId: z.string(),
    pending: z.boolean(),
    medications: z.array(medication),
  }),
});

/**
 * The indexes dispensed by this request (none when all were already), and the prescription as it now is. It always
 * says which ('Medication dispensed successfully!', 'Medication already dispensed'): the pharmacist's toast.
 */
export const dispenseEndpoint = {
  method: 'POST',
  path: '/consultations/prescriptions/:consultationId/dispense',
  params: z.object({ consultationId: z.string().max(100) }),
  body: dispenseBody,
  data: dispensed,
  response: z.object({ success: z.literal(true), data: dispensed, message: z.string() }),
} as const;

const dispensedPrescription = {
  consultationId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  prescribedBy: z.string(),
  dispensedBy: z.string(),
  dispensedAt: z.string(),
};

/** One entry of the dispensation activity: who received which medications, at what dosage. */
export const dispensation = z.object({
  id: z.string(),
  ...dispensedPrescription,
  status: z.enum(['Completed', 'Partially Dispensed']),
  medications: z.array(z.object({ name: z.string(), dosage: z.string().nullable(), quantity: z.number() })),
});

/** The figures of the dashboards; `dispensedToday` counts items in the hospital's day. */
export const pharmacyStatsEndpoint = endpoint({
  method: 'GET',
  path: '/pharmacy/stats',
  query: z.object({ recent: z.coerce.number().int().min(1).max(100).default(20) }),
  data: z.object({
    pendingPrescriptions: z.number(),
    dispensedToday: z.number(),
    dispensedTotal: z.number(),
    lowStock: z.number(),
    recentDispensations: z.array(
      z.object({
        ...dispensedPrescription,
        medications: z.array(z.object({ name: z.string(), quantity: z.number() })),
      }),
    ),
  }),
});

/** Dispensation activity, newest first. */
export const dispensationsEndpoint = pageEndpoint('/pharmacy/dispensations', dispensation);
