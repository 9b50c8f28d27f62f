import { patientStatsEndpoint } from '../../shared/api/patients';
import { failureOf } from './api-failure';
import { fetchData } from './endpoint-client';
import type { z } from './zod';

export type PatientStats = z.output<typeof patientStatsEndpoint.data>;

/**
 * GET /api/patients/stats: counts by status, registered today and ever seen. The one client of this
 * endpoint: the patients list, the reception console and the role dashboards all read it from here.
 */
export async function fetchPatientStats(signal?: AbortSignal): Promise<PatientStats> {
  try {
    return await fetchData(patientStatsEndpoint, { signal });
  } catch (e) {
    throw failureOf(e, 'Failed to fetch dashboard data');
  }
}
