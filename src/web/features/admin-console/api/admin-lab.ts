import type { z } from '../../../lib/zod';
import { failureOf } from '../../../lib/api-failure';
import { fetchData } from '../../../lib/endpoint-client';
import { fetchLabStats, type LabStats } from '../../../lib/lab-stats';
import { labRequestsEndpoint, labTurnaroundEndpoint } from '../../../../shared/api/laboratory';

// The lab's answers are the shared contract's (src/shared/api/laboratory.ts); the counts' client is shared too.
export type AdminLabRequest = z.infer<typeof labRequestsEndpoint.data>['requests'][number];
export type LabTurnaround = z.infer<typeof labTurnaroundEndpoint.data>;
export type LabCounts = LabStats;

/** GET /api/lab/requests?status=…: one status of the queue, STAT first (completed: newest first). */
export async function fetchLabQueue(status: string, signal?: AbortSignal): Promise<AdminLabRequest[]> {
  try {
    return (await fetchData(labRequestsEndpoint, { searchParams: { status, limit: 100 }, signal })).requests;
  } catch (e) {
    throw failureOf(e, 'Failed to fetch lab requests');
  }
}

/** GET /api/lab/stats: pending, in progress, completed today. */
export async function fetchLabCounts(signal?: AbortSignal): Promise<LabCounts> {
  try {
    return await fetchLabStats(signal);
  } catch (e) {
    throw failureOf(e, 'Failed to fetch dashboard data');
  }
}

/** GET /api/lab/turnaround: median and p90 minutes per test over the last 30 days. */
export async function fetchLabTurnaround(signal?: AbortSignal): Promise<LabTurnaround> {
  try {
    return await fetchData(labTurnaroundEndpoint, { signal });
  } catch (e) {
    throw failureOf(e, 'Failed to fetch turnaround times');
  }
}
