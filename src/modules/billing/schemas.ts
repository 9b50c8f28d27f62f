import { z } from 'zod';
import { numberText } from '../../platform/http/number-input';
import { formatNaira, MAX_KOBO, nairaProblem, nairaToKobo } from '../../shared/money';
import { dayQuery as day } from '../../shared/api/query-days';
import { INVOICE_STATUSES } from './invoice';
import { LINE_KINDS, PAYMENT_METHODS } from './events';

/**
 * Requests take naira as typed (6500, '6,500.50'); everything stored and answered is kobo. The
 * union is what the document shows (a number of naira up to ₦100,000,000 with 2 decimals, or its
 * text); every message comes from `nairaProblem`, whichever part refused the amount.
 */
export function nairaAmount(label: string, { positive = false } = {}) {
  // Each check answers with the message nairaProblem gives for the value it refused.
  const said = { error: (issue: { input?: unknown }) => nairaProblem(issue.input, label, positive) ?? undefined };
  const amount = z
    .number(said)
    .min(0, said)
    .max(MAX_KOBO / 100, said)
    .multipleOf(0.01, said);
  return z
    .union([positive ? amount.positive(said) : amount, z.string(said).regex(/^\s*[\d,]+(\.\d{0,2})?\s*$/, said)], said)
    .transform((v, ctx) => {
      const problem = nairaProblem(v, label, positive);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return nairaToKobo(v)!;
    });
}

const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters long`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters long`)
    .nullish()
    .transform((v) => v || null);
export { day };

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};

export const paymentBody = z.object({
  amount: nairaAmount('Amount', { positive: true }),
  method: z.enum(PAYMENT_METHODS, { error: `Payment method must be one of: ${PAYMENT_METHODS.join(', ')}` }),
  reference: optionalText(100),
});

/** An Idempotency-Key header: any client-chosen token up to 200 characters. */
export const idempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(200, 'Idempotency-Key must be at most 200 characters').optional(),
});

/**
 * The most one invoice made at the desk may total: ₦10,000,000,000. A line's quantity and price
 * are bounded, but 100 lines of 10,000 at ₦100,000,000 add up past the integers a number holds
 * exactly, which the invoice's events refuse.
 */
export const MAX_INVOICE_KOBO = 100 * MAX_KOBO;

export const manualInvoiceBody = z.object({
  patientId: required('Patient is required', 100),
  lines: z
    .array(
      z.object({
        kind: z.enum(LINE_KINDS, { error: `Kind must be one of: ${LINE_KINDS.join(', ')}` }).default('other'),
        description: required('Description is required', 200),
        quantity: z
          .preprocess(
            numberText,
            z
              .number({ error: 'Quantity must be a whole number of at least 1' })
              .int('Quantity must be a whole number of at least 1')
              .min(1, 'Quantity must be a whole number of at least 1')
              .max(10_000, 'Quantity must be at most 10000'),
          )
          .default(1),
        unitPrice: nairaAmount('Price'),
      }),
      { error: 'Add at least one line' },
    )
    .min(1, 'Add at least one line')
    .max(100)
    .refine(
      (lines) => lines.reduce((n, l) => n + l.quantity * l.unitPrice, 0) <= MAX_INVOICE_KOBO,
      `The invoice total may be at most ${formatNaira(MAX_INVOICE_KOBO)}`,
    ),
});

export const voidBody = z.object({ reason: required('Reason is required', 500) });

export const invoiceListQuery = z.object({
  status: z
    .enum(['all', ...INVOICE_STATUSES], { error: `Status must be one of: all, ${INVOICE_STATUSES.join(', ')}` })
    .optional()
    .transform((v) => (v === 'all' ? undefined : v)),
  patientId: z.string().trim().max(100).optional(),
  search: z.string().trim().max(100).optional(),
  from: day('From'),
  to: day('To'),
  ...pageQuery,
});

export const paymentListQuery = z.object({
  method: z.enum(PAYMENT_METHODS, { error: `Method must be one of: ${PAYMENT_METHODS.join(', ')}` }).optional(),
  patientId: z.string().trim().max(100).optional(),
  from: day('From'),
  to: day('To'),
  ...pageQuery,
});

export const priceListBody = z.object({
  medications: z
    .array(z.object({ name: required('Medication name is required', 200), price: nairaAmount('Price') }))
    .max(2000)
    .default([])
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((m, i) => {
        const key = m.name.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `${m.name} is listed twice` });
        seen.add(key);
      });
    }),
  labTests: z
    .array(
      z.object({
        code: required('Test code is required', 20).transform((c) => c.toUpperCase()),
        name: required('Test name is required', 200),
        price: nairaAmount('Price'),
      }),
    )
    .max(500)
    .default([])
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((t, i) => {
        if (seen.has(t.code)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: `${t.code} is listed twice` });
        seen.add(t.code);
      });
    }),
});

// ─── Answers
export function paginationOf(page: number, limit: number, total: number) {
  const totalPages = Math.ceil(total / limit);
  return { currentPage: page, totalPages, totalRecords: total, hasPrev: page > 1, hasNext: page < totalPages };
}

export { invoiceDetail as invoiceDetailSchema, billingIdParams as idParams } from '../../shared/api/billing';

export const priceListSchema = z.object({
  medications: z.array(z.object({ name: z.string(), priceKobo: z.number() })),
  labTests: z.array(z.object({ code: z.string(), name: z.string(), priceKobo: z.number() })),
});
