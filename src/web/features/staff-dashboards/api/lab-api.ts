import { ApiError, request } from '../../../lib/api-client';
import { z } from '../../../lib/zod';

/** The server's message, else the dashboard's fallback (product-spec-1 §8 Dashboards). */
function failure(e: unknown, fallback: string): Error {
  if (e instanceof ApiError && e.status !== 0) {
    const sent = (e.body as { message?: unknown } | undefined)?.message;
    if (typeof sent === 'string' && sent) return new Error(sent);
  }
  return new Error(fallback);
}

const statsAnswer = z.object({
  data: z.object({ pending: z.number(), inProgress: z.number(), completedToday: z.number() }),
});
export type LabStats = z.infer<typeof statsAnswer>['data'];

/** GET /api/lab/stats: pending, in progress, and completed today (the hospital's day). */
export async function fetchLabStats(signal?: AbortSignal): Promise<LabStats> {
  try {
    return statsAnswer.parse(await request('/lab/stats', { searchParams: { recent: 1 }, signal })).data;
  } catch (e) {
    throw failure(e, 'Failed to fetch dashboard data');
  }
}

/** One row of Recent Test Activity (product-spec-1 §2): the request at its latest step. */
const activity = z.object({
  id: z.string(),
  patientName: z.string(),
  testName: z.string(),
  urgency: z.string(),
  status: z.string(),
  orderedBy: z.object({ name: z.string() }),
  conductedBy: z.string().nullable(),
  startedBy: z.string().nullable(),
  activityAt: z.string(),
});
export type LabActivity = z.infer<typeof activity>;

const activityAnswer = z.object({
  data: z.object({
    activities: z.array(activity),
    pagination: z.object({ currentPage: z.number(), totalPages: z.number(), totalRecords: z.number() }),
  }),
});
export type LabActivityPage = z.infer<typeof activityAnswer>['data'];

/** GET /api/lab/activity: the most recent change first. */
export async function fetchLabActivity(
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<LabActivityPage> {
  try {
    return activityAnswer.parse(await request('/lab/activity', { searchParams: query, signal })).data;
  } catch (e) {
    throw failure(e, 'Failed to fetch test activity');
  }
}
