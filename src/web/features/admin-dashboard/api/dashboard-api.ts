import { fetchPatientStats } from '../../../lib/patient-stats';
import { fetchPatientsPage } from '../../../lib/patients-api';

/** GET /api/patients?page=1&limit=1 (its one client) → data.pagination.totalPatients (product-spec-1 §7). */
export async function fetchTotalPatients(signal?: AbortSignal): Promise<number> {
  return (await fetchPatientsPage({ page: 1, limit: 1 }, signal)).pagination.totalPatients;
}

/** GET /api/patients/stats (its one client) → the real count of patients in each status. */
export async function fetchPatientStatusCounts(signal?: AbortSignal): Promise<Record<string, number>> {
  return (await fetchPatientStats(signal)).byStatus;
}
