import { z } from 'zod';
import { listRead } from '../../platform/http/access-trail';
import { success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { hospitalToday } from '../hospitals';
import { isCalendarDate } from '../../shared/hospital-calendar';
import { recordLabResults, startLabTest } from './commands';
import { labStats, listLabActivity, listLabRequests } from './read-models/lab-requests';
import { labTurnaround } from './read-models/lab-turnaround';
import { structuredResultsInput } from './structured-results';
import {
  labActivityEndpoint,
  labRequestsEndpoint,
  labStatsEndpoint,
  labTurnaroundEndpoint,
  recordLabResultsEndpoint,
  startLabTestEndpoint,
} from '../../shared/api/laboratory';

/** The lab's work: technicians (and the admin) run it; the doctor may follow it (spec-2 §6 Laboratory). */
const VIEW_ROLES = ['admin', 'lab_technician', 'doctor'] as const;
const WORK_ROLES = ['admin', 'lab_technician'] as const;
const denied = (what: string) => `Access denied. You do not have permission to ${what}.`;

const STATUS_ALIASES: Record<string, 'pending' | 'in progress' | 'completed' | 'open'> = {
  /** The queue: pending and in progress together, STAT first. */
  open: 'open',
  pending: 'pending',
  'in progress': 'in progress',
  in_progress: 'in progress',
  'in-progress': 'in progress',
  inprogress: 'in progress',
  completed: 'completed',
};

export { labRequest as labRequestSchema, labPagination as paginationSchema } from '../../shared/api/laboratory';

export function pagination(page: number, limit: number, total: number) {
  const totalPages = Math.ceil(total / limit);
  return { currentPage: page, totalPages, totalRecords: total, hasPrev: page > 1, hasNext: page < totalPages };
}

const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
};

const listQuery = z.object({
  status: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z
        .enum(['all', ...(Object.keys(STATUS_ALIASES) as (keyof typeof STATUS_ALIASES)[])], {
          error: 'Status must be one of: open, pending, in progress, completed',
        })
        .optional(),
    )
    .transform((v) => (!v || v === 'all' ? undefined : STATUS_ALIASES[v])),
  search: z.string().trim().max(200).optional(),
  /** Completed on this day of the hospital's calendar (`today` is the hospital's today). */
  completedOn: z
    .string()
    .trim()
    .refine((v) => v === 'today' || isCalendarDate(v), 'Completed on must be a date (YYYY-MM-DD) or today')
    .optional(),
  ...pageQuery,
});

const resultsBody = z.object({
  results: z.union(
    [
      z.string().trim().min(1, 'Results are required').max(20_000),
      z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .refine((r) => Object.keys(r).length > 0, 'Results are required'),
      structuredResultsInput,
    ],
    { error: 'Results are required' },
  ),
  notes: z
    .string()
    .trim()
    .max(5000)
    .nullish()
    .transform((v) => v || null),
  conductedBy: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
});

export function laboratoryRoutes(app: HttpApp, platform: Platform) {
  const canView = platform.auth(VIEW_ROLES, denied('view lab requests'));
  const canWork = platform.auth(WORK_ROLES, denied('work on lab requests'));
  const security = [{ bearer: [] }];
  const tags = ['Laboratory'];

  app.get(
    labRequestsEndpoint.path,
    {
      config: { accessModule: 'laboratory', audit: listRead('lab request', 'queue') },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary:
          'The lab queue: STAT first, then Urgent, then Routine, oldest first; completed newest first; open is pending and in progress; completedOn (a date or today) is one day of completed tests; search by patient, test, doctor, conducted by or request id',
        querystring: listQuery,
        response: { 200: labRequestsEndpoint.response },
      },
    },
    async (request) => {
      const { status, search, page, limit } = request.query;
      const hospitalId = request.auth!.hospitalId;
      const completedOn =
        request.query.completedOn === 'today'
          ? await hospitalToday(platform.db, hospitalId)
          : request.query.completedOn;
      const { requests, total } = await listLabRequests(platform.db, hospitalId, {
        status,
        search,
        completedOn,
        page,
        limit,
      });
      return success({ requests, pagination: pagination(page, limit, total) });
    },
  );

  app.post(
    startLabTestEndpoint.path,
    {
      config: { accessModule: 'laboratory' },
      onRequest: canWork,
      schema: {
        tags,
        security,
        summary: 'Start work on a lab request',
        params: startLabTestEndpoint.params,
        response: { 200: startLabTestEndpoint.response },
      },
    },
    async (request) => {
      const lab = await startLabTest(platform, platform.metadataFor(request), request.params.id);
      return success({ request: lab }, 'Test started');
    },
  );

  app.post(
    recordLabResultsEndpoint.path,
    {
      config: { accessModule: 'laboratory' },
      onRequest: canWork,
      schema: {
        tags,
        security,
        summary:
          'Record the results of a lab request: a free-text report, values by parameter, or structured values (analyte, value, UCUM unit, reference range; flagged H/L/N)',
        params: recordLabResultsEndpoint.params,
        body: resultsBody,
        response: { 200: recordLabResultsEndpoint.response },
      },
    },
    async (request) => {
      const lab = await recordLabResults(platform, platform.metadataFor(request), request.params.id, request.body);
      return success({ request: lab }, 'Test results recorded successfully!');
    },
  );

  app.get(
    labActivityEndpoint.path,
    {
      config: { audit: listRead('lab request', 'activity') },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'Recent test activity: each request at its latest step, the most recent change first',
        querystring: labActivityEndpoint.query,
        response: { 200: labActivityEndpoint.response },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { activities, total } = await listLabActivity(platform.db, request.auth!.hospitalId, { page, limit });
      return success({ activities, pagination: pagination(page, limit, total) });
    },
  );

  app.get(
    labStatsEndpoint.path,
    {
      config: { accessModule: 'laboratory', audit: listRead('lab request', 'dashboard') },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'Pending, in progress, completed today (in the hospital time zone) and the latest activity',
        querystring: labStatsEndpoint.query,
        response: { 200: labStatsEndpoint.response },
      },
    },
    async (request) =>
      success(
        await labStats(
          platform.db,
          request.auth!.hospitalId,
          await hospitalToday(platform.db, request.auth!.hospitalId),
          request.query.recent,
        ),
      ),
  );

  const adminOnly = platform.auth(['admin'], denied('view lab turnaround times'));
  app.get(
    labTurnaroundEndpoint.path,
    {
      config: { accessModule: 'laboratory' },
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Turnaround per test, order to results: median and 90th percentile in minutes, over `days` days',
        querystring: labTurnaroundEndpoint.query,
        response: { 200: labTurnaroundEndpoint.response },
      },
    },
    async (request) => {
      const { days } = request.query;
      const since = new Date(Date.now() - days * 24 * 60 * 60_000);
      return success({ days, tests: await labTurnaround(platform.db, request.auth!.hospitalId, since) });
    },
  );
}
