import { z } from 'zod';
import { isCalendarDate } from '../../shared/hospital-calendar';
import { medicationSchema } from './schemas';

const day = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isCalendarDate(v), `${label} must be a date (YYYY-MM-DD)`)
    .transform((v) => v || undefined)
    .meta({ format: 'date' });

/** A period of hospital days, both included; left out, this month so far (the hospital's days). */
export const reportQuery = z
  .object({
    from: day('From'),
    to: day('To'),
    format: z.enum(['json', 'csv'], { error: 'Format must be one of: json, csv' }).default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must be on or before To', path: ['from'] });

const period = { from: z.string(), to: z.string() };
const figures = { quantity: z.number(), prescriptions: z.number(), patients: z.number() };

export const dispensingReportSchema = z.object({
  ...period,
  rows: z.array(z.object({ name: z.string(), ...figures })),
  totals: z.object(figures),
});

export const stockReportSchema = z.object({
  ...period,
  today: z.string(),
  rows: z.array(
    z.object({
      name: z.string(),
      batches: z.number(),
      onHand: z.number(),
      expiredOnHand: z.number(),
      received: z.number(),
      adjusted: z.number(),
      dispensed: z.number(),
      reorderLevel: z.number(),
      status: medicationSchema.shape.status,
      nearestExpiry: z.string().nullable(),
    }),
  ),
});
