import { z } from './zod';
import type { PlanUsage } from './plans';

/** The plan part of GET /api/users/stats and the answer of PUT /api/users/plan. */
export const planUsageSchema: z.ZodType<PlanUsage> = z.object({
  code: z.enum(['clinic', 'hospital', 'enterprise']),
  name: z.string(),
  maxUsers: z.number().nullable(),
  usedSeats: z.number(),
});
