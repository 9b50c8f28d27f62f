import { z } from 'zod';
import { LAB_URGENCIES } from '../lab-tests';
import { labResults } from '../lab-results';
import { endpoint } from './endpoint';

/** The lab's endpoints (/api/lab/…): the queue, starting and recording a test, activity, counts, turnaround. */
export const LAB_STATUSES = ['pending', 'in progress', 'completed'] as const;

export const labIdParams = z.object({ id: z.string().min(1).max(100) });

export const labRequest = z.object({
  id: z.string(),
  consultationId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  testName: z.string(),
  testCode: z.string(),
  urgency: z.enum(LAB_URGENCIES),
  instructions: z.string().nullable(),
  status: z.enum(LAB_STATUSES),
  completed: z.boolean(),
  orderedBy: z.object({ id: z.string(), name: z.string() }),
  orderedAt: z.string(),
  startedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  results: labResults.nullable(),
  notes: z.string().nullable(),
  conductedBy: z.string().nullable(),
});

export const labPagination = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalRecords: z.number(),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
});

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};

/** The queue: STAT first, then Urgent, then Routine, oldest first; completed newest first. Its filters are the server's. */
export const labRequestsEndpoint = endpoint({
  method: 'GET',
  path: '/lab/requests',
  data: z.object({ requests: z.array(labRequest), pagination: labPagination }),
});

export const startLabTestEndpoint = endpoint({
  method: 'POST',
  path: '/lab/requests/:id/start',
  params: labIdParams,
  data: z.object({ request: labRequest }),
});

/** The results body is the server's (it reads structured values against the catalogue). */
export const recordLabResultsEndpoint = endpoint({
  method: 'POST',
  path: '/lab/requests/:id/results',
  params: labIdParams,
  data: z.object({ request: labRequest }),
});

export const labActivityEndpoint = endpoint({
  method: 'GET',
  path: '/lab/activity',
  query: z.object(pageQuery),
  data: z.object({
    activities: z.array(labRequest.extend({ activityAt: z.string() })),
    pagination: labPagination,
  }),
});

/** Pending, in progress, completed today (the hospital's day) and the latest activity. */
export const labStatsEndpoint = endpoint({
  method: 'GET',
  path: '/lab/stats',
  query: z.object({ recent: z.coerce.number().int().min(1).max(100).default(20) }),
  data: z.object({
    pending: z.number(),
    inProgress: z.number(),
    completedToday: z.number(),
    recentActivity: z.array(labRequest),
  }),
});

/** Turnaround per test, order to results: median and 90th percentile in minutes, over `days` days (admin). */
export const labTurnaroundEndpoint = endpoint({
  method: 'GET',
  path: '/lab/turnaround',
  query: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
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
