import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { fetchPatientStats } from '../../../lib/patient-stats';

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
