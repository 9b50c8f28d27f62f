import { z } from 'zod';
import { numberText } from '../../platform/http/number-input';
import { CLAIM_STATUSES } from './hmo-events';
import { nairaAmount } from './schemas';

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters long`);

const percent = (label: string) =>
  z
    .preprocess(
      // A cover field left empty in the form is no cover.
      (v) => (typeof v === 'string' && v.trim() === '' ? 0 : numberText(v)),
      z
        .number({ error: `${label} cover must be a percentage from 0 to 100` })
        .min(0, `${label} cover must be a percentage from 0 to 100`)
        .max(100, `${label} cover must be a percentage from 0 to 100`)
        .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label} cover may have at most 2 decimals`),
    )
    .default(0);

export const hmoBody = z.object({
  name: required('HMO name is required', 120),
  code: required('HMO code is required', 20)
    .regex(/^[A-Za-z0-9-]+$/, 'HMO code may hold only letters, digits and dashes')
    .transform((c) => c.toUpperCase()),
  contact: z
    .string()
    .trim()
    .max(300, 'Must be at most 300 characters long')
    .nullish()
    .transform((v) => v || null),
  coverage: z
    .object({
      consultation: percent('Consultation'),
      medication: percent('Medication'),
      lab: percent('Lab'),
    })
    .default({ consultation: 0, medication: 0, lab: 0 }),
  active: z.boolean({ error: 'Active must be true or false' }).default(true),
});

export const enrollmentBody = z.object({
  hmoId: required('HMO is required', 100),
  enrolleeNumber: required('Enrollee number is required', 50),
});

// ─── Claims
export const claimBody = z.object({
  hmoId: required('HMO is required', 100),
  month: z
    .string({ error: 'Month is required (YYYY-MM)' })
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be a month (YYYY-MM)'),
});

/** The HMO's answer: items not listed were paid in full; a listed item's paid amount, and why not all. */
export const settleBody = z.object({
  items: z
    .array(
      z.object({
        invoiceId: required('Invoice is required', 100),
        paid: nairaAmount('Paid amount'),
        reason: z
          .string()
          .trim()
          .max(500, 'Must be at most 500 characters long')
          .nullish()
          .transform((v) => v || null),
      }),
    )
    .max(2000)
    .default([]),
});

export const claimListQuery = z.object({
  hmoId: z.string().trim().max(100).optional(),
  status: z.enum(CLAIM_STATUSES, { error: `Status must be one of: ${CLAIM_STATUSES.join(', ')}` }).optional(),
});

// ─── Outstanding
export const outstandingQuery = z.object({
  by: z.enum(['patient', 'hmo'], { error: 'By must be one of: patient, hmo' }).default('patient'),
});
