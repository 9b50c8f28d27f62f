import { ApiError } from '../../../lib/api-client';
import { fetchData } from '../../../lib/endpoint-client';
import { fetchLabStats as fetchSharedLabStats, type LabStats } from '../../../lib/lab-stats';
import type { z } from '../../../lib/zod';
import { labActivityEndpoint } from '../../../../shared/api/laboratory';

/** The server's message, else the dashboard's fallback (product-spec-1 §8 Dashboards). */
function failure(e: unknown, fallback: string): Error {
  if (e instanceof ApiError && e.status !== 0) {
    const sent = (e.body as { message?: unknown } | undefined)?.message;
    if (typeof sent === 'string' && sent) return new Error(sent);
  }
  return new Error(fallback);
}

export type { LabStats } from '../../../lib/lab-stats';

/** GET /api/lab/stats: pending, in progress, and completed today (the hospital's day). */
export async function fetchLabStats(signal?: AbortSignal): Promise<LabStats> {
  try {
    return await fetchSharedLabStats(signal);
  } catch (e) {
    throw failure(e, 'Failed to fetch dashboard data');
  }
}

/** One row of Recent Test Activity (product-spec-1 §2): the request at its latest step. */
export type LabActivityPage = z.infer<typeof labActivityEndpoint.data>;
export type LabActivity = LabActivityPage['activities'][number];

/** GET /api/lab/activity: the most recent change first. */
export async function fetchLabActivity(
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<LabActivityPage> {
  try {
    return await fetchData(labActivityEndpoint, { searchParams: query, signal });
  } catch (e) {
    throw failure(e, 'Failed to fetch test activity');
  }
}
