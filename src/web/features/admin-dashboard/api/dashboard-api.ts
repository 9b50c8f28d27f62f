import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { fetchPatientStats } from '../../../lib/patient-stats';
import { fetchPatientsPage } from '../../../lib/patients-api';
import { planUsageSchema } from '../../../lib/plan-usage-schema';
import type { PlanUsage } from '../../../lib/plans';

const userStats = z.object({
  data: z.object({ totalUsers: z.number(), plan: planUsageSchema.optional().catch(undefined) }),
});

/** GET /api/users/stats → data.totalUsers and the plan's seats. */
export async function fetchUserStats(signal?: AbortSignal): Promise<{ totalUsers: number; plan?: PlanUsage }> {
  return userStats.parse(await request('/users/stats', { signal })).data;
}

/** GET /api/patients?page=1&limit=1 (its one client) → data.pagination.totalPatients (product-spec-1 §7). */
export async function fetchTotalPatients(signal?: AbortSignal): Promise<number> {
  return (await fetchPatientsPage({ page: 1, limit: 1 }, signal)).pagination.totalPatients;
}

/** GET /api/patients/stats (its one client) → the real count of patients in each status. */
export async function fetchPatientStatusCounts(signal?: AbortSignal): Promise<Record<string, number>> {
  return (await fetchPatientStats(signal)).byStatus;
}
