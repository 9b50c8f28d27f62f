import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { fetchPatientStats } from '../../../lib/patient-stats';
import { planUsageSchema } from '../../../lib/plan-usage-schema';
import type { PlanUsage } from '../../../lib/plans';

const userStats = z.object({
  data: z.object({ totalUsers: z.number(), plan: planUsageSchema.optional().catch(undefined) }),
});

/** GET /api/users/stats → data.totalUsers and the plan's seats. */
export async function fetchUserStats(signal?: AbortSignal): Promise<{ totalUsers: number; plan?: PlanUsage }> {
  return userStats.parse(await request('/users/stats', { signal })).data;
}

const patientPage = z.object({ data: z.object({ pagination: z.object({ totalPatients: z.number() }) }) });

/** GET /api/patients?page=1&limit=1 → data.pagination.totalPatients (product-spec-1 §7). */
export async function fetchTotalPatients(signal?: AbortSignal): Promise<number> {
  const answer = await request('/patients', { searchParams: { page: 1, limit: 1 }, signal });
  return patientPage.parse(answer).data.pagination.totalPatients;
}

/** GET /api/patients/stats (its one client) → the real count of patients in each status. */
export async function fetchPatientStatusCounts(signal?: AbortSignal): Promise<Record<string, number>> {
  return (await fetchPatientStats(signal)).byStatus;
}
