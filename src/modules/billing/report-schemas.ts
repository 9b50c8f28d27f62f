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
