import { requestHospitalPlan, UPGRADE_FAILED } from '../../../lib/plan-api';
import type { PlanUsage } from '../../../lib/plans';
import { z } from '../../../lib/zod';
import { UsersError } from './users-api';

export { fetchPlan, PLAN_UPDATED } from '../../../lib/plan-api';

/** PUT /api/users/plan {plan: 'hospital'}, failures as the users page shows them. */
export async function upgradeToHospitalPlan(): Promise<{ plan: PlanUsage; message: string }> {
  try {
    return await requestHospitalPlan();
  } catch (e) {
    throw new UsersError(e instanceof Error && !(e instanceof z.ZodError) ? e.message : UPGRADE_FAILED);
  }
}
