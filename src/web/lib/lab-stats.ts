import { labStatsEndpoint } from '../../shared/api/laboratory';
import { fetchData } from './endpoint-client';
import type { z } from './zod';

export type LabStats = z.output<typeof labStatsEndpoint.data>;

/**
 * GET /api/lab/stats with the one latest activity: pending, in progress and completed today (the hospital's
 * day). The one client of this endpoint: the lab queue's tab counts, the lab dashboard and the admin console
 * read it here, each saying its own failure.
 */
export function fetchLabStats(signal?: AbortSignal): Promise<LabStats> {
  return fetchData(labStatsEndpoint, { searchParams: { recent: 1 }, signal });
}
