import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { planUsageSchema } from '../../../lib/plan-usage-schema';
import type { PlanUsage } from '../../../lib/plans';
import { UsersError } from './users-api';

export const PLAN_UPDATED = 'Plan updated successfully';
const UPGRADE_FAILED = 'Failed to update plan';

const statsAnswer = z.object({ data: z.object({ plan: planUsageSchema }) });

/** GET /api/users/stats → the hospital's plan and the seats it uses. */
export async function fetchPlan(signal?: AbortSignal): Promise<PlanUsage> {
  return statsAnswer.parse(await request<unknown>('/users/stats', { signal })).data.plan;
}

const planAnswer = z.object({ message: z.string().optional(), data: planUsageSchema });

/** PUT /api/users/plan {plan: 'hospital'}: no user limit from now on. */
export async function upgradeToHospitalPlan(): Promise<{ plan: PlanUsage; message: string }> {
  try {
    const answer = planAnswer.parse(
      await request<unknown>('/users/plan', { method: 'put', json: { plan: 'hospital' }, fallback: UPGRADE_FAILED }),
    );
    return { plan: answer.data, message: answer.message ?? PLAN_UPDATED };
  } catch (e) {
    throw new UsersError(e instanceof Error && !(e instanceof z.ZodError) ? e.message : UPGRADE_FAILED);
  }
}
