import { request } from './api-client';
import { planUsageSchema } from './plan-usage-schema';
import type { PlanUsage } from './plans';
import { z } from './zod';

/** The hospital's plan (staff module): read on the users and settings pages, upgraded from either. */
export const PLAN_UPDATED = 'Plan updated successfully';
export const UPGRADE_FAILED = 'Failed to update plan';

const statsAnswer = z.object({ data: z.object({ plan: planUsageSchema }) });

/** GET /api/users/stats → the hospital's plan and the seats it uses. */
export async function fetchPlan(signal?: AbortSignal): Promise<PlanUsage> {
  return statsAnswer.parse(await request<unknown>('/users/stats', { signal })).data.plan;
}

const planAnswer = z.object({ message: z.string().optional(), data: planUsageSchema });

/** PUT /api/users/plan {plan: 'hospital'}: no user limit from now on. */
export async function requestHospitalPlan(): Promise<{ plan: PlanUsage; message: string }> {
  const answer = planAnswer.parse(
    await request<unknown>('/users/plan', { method: 'put', json: { plan: 'hospital' }, fallback: UPGRADE_FAILED }),
  );
  return { plan: answer.data, message: answer.message ?? PLAN_UPDATED };
}
