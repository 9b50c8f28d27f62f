import { changePlanEndpoint } from '../../shared/api/users';
import { callEndpoint } from './endpoint-client';
import type { PlanUsage } from './plans';
import { fetchUserStats } from './user-stats';

/** The hospital's plan (staff module): read on the users and settings pages, upgraded from either. */
export const PLAN_UPDATED = 'Plan updated successfully';
export const UPGRADE_FAILED = 'Failed to update plan';

/** GET /api/users/stats → the hospital's plan and the seats it uses. */
export async function fetchPlan(signal?: AbortSignal): Promise<PlanUsage> {
  return (await fetchUserStats(signal)).plan;
}

/** PUT /api/users/plan {plan: 'hospital'}: no user limit from now on. */
export async function requestHospitalPlan(): Promise<{ plan: PlanUsage; message: string }> {
  const answer = await callEndpoint(changePlanEndpoint, { json: { plan: 'hospital' }, fallback: UPGRADE_FAILED });
  return { plan: answer.data, message: answer.message ?? PLAN_UPDATED };
}
