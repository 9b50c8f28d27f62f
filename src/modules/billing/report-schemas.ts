import { z } from 'zod';
import { REVENUE_GROUPINGS } from './read-models/revenue';
import { day } from './schemas';

export const revenueQuery = z
  .object({
    groupBy: z
      .enum(REVENUE_GROUPINGS, { error: `Group by must be one of: ${REVENUE_GROUPINGS.join(', ')}` })
      .default('day'),
    from: day('From'),
    to: day('To'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must be on or before To', path: ['to'] });

const figures = { invoices: z.number(), invoicedKobo: z.number(), paidKobo: z.number(), outstandingKobo: z.number() };
export const revenueSchema = z.object({
  groupBy: z.enum(REVENUE_GROUPINGS),
  from: z.string(),
  to: z.string(),
  rows: z.array(z.object({ key: z.string(), label: z.string(), ...figures })),
  totals: z.object(figures),
});
