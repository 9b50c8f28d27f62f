import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';

const labRequestSchema = z.object({
  id: z.string(),
  patientName: z.string(),
  testName: z.string(),
  urgency: z.string(),
  status: z.string(),
  orderedBy: z.object({ name: z.string() }),
  orderedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AdminLabRequest = z.infer<typeof labRequestSchema>;

const queueAnswer = z.object({ data: z.object({ requests: z.array(labRequestSchema) }) });
const statsAnswer = z.object({
  data: z.object({ pending: z.number(), inProgress: z.number(), completedToday: z.number() }),
});
const turnaroundAnswer = z.object({
  data: z.object({
    days: z.number(),
    tests: z.array(
      z.object({
        testCode: z.string(),
        testName: z.string(),
        completed: z.number(),
        medianMinutes: z.number(),
        p90Minutes: z.number(),
      }),
    ),
  }),
});
export type LabTurnaround = z.infer<typeof turnaroundAnswer>['data'];
export type LabCounts = z.infer<typeof statsAnswer>['data'];

/** GET /api/lab/requests?status=…: one status of the queue, STAT first (completed: newest first). */
export async function fetchLabQueue(status: string, signal?: AbortSignal): Promise<AdminLabRequest[]> {
  try {
    const answer = await request('/lab/requests', { searchParams: { status, limit: 100 }, signal });
    return queueAnswer.parse(answer).data.requests;
  } catch (e) {
    throw failureOf(e, 'Failed to fetch lab requests');
  }
}

/** GET /api/lab/stats: pending, in progress, completed today. */
export async function fetchLabCounts(signal?: AbortSignal): Promise<LabCounts> {
  try {
    return statsAnswer.parse(await request('/lab/stats', { searchParams: { recent: 1 }, signal })).data;
  } catch (e) {
    throw failureOf(e, 'Failed to fetch dashboard data');
  }
}

/** GET /api/lab/turnaround: median and p90 minutes per test over the last 30 days. */
export async function fetchLabTurnaround(signal?: AbortSignal): Promise<LabTurnaround> {
  try {
    return turnaroundAnswer.parse(await request('/lab/turnaround', { signal })).data;
  } catch (e) {
    throw failureOf(e, 'Failed to fetch turnaround times');
  }
}
