import type { z } from '../../../lib/zod';
import { failureOf } from '../../../lib/api-failure';
import { fetchData } from '../../../lib/endpoint-client';
import { fetchLabStats, type LabStats } from '../../../lib/lab-stats';
import { labRequestsEndpoint, labTurnaroundEndpoint } from '../../../../shared/api/laboratory';

// The lab's answers are the shared contract's (src/shared/api/laboratory.ts); the counts' client is shared too.
export type AdminLabRequest = z.infer<typeof labRequestsEndpoint.data>['requests'][number];
export type LabTurnaround = z.infer<typeof labTurnaroundEndpoint.data>;
export type LabCounts = LabStats;

/** The first page of a lab list and how many the whole list holds. */
export type LabListPage = { requests: AdminLabRequest[]; total: number };
export const LAB_LIST_LIMIT = 100;

async function fetchLabList(searchParams: Record<string, string | number>, signal?: AbortSignal) {
  try {
    const data = await fetchData(labRequestsEndpoint, {
      searchParams: { ...searchParams, limit: LAB_LIST_LIMIT },
      signal,
    });
    return { requests: data.requests, total: data.pagination.totalRecords };
  } catch (e) {
    throw failureOf(e, 'Failed to fetch lab requests');
  }
}

/** GET /api/lab/requests?status=open: pending and in progress, STAT first, then whoever was ordered first. */
export function fetchLabQueue(signal?: AbortSignal): Promise<LabListPage> {
  return fetchLabList({ status: 'open' }, signal);
}

/** GET /api/lab/requests?status=completed&completedOn=today: the hospital's today, newest first. */
export function fetchLabCompletedToday(signal?: AbortSignal): Promise<LabListPage> {
  return fetchLabList({ status: 'completed', completedOn: 'today' }, signal);
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
