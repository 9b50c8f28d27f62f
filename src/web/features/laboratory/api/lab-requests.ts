import { ApiError, request, type FieldError } from '../../../lib/api-client';
import { z } from '../../../lib/zod';

export const LAB_STATUSES = ['pending', 'in progress', 'completed'] as const;
export type LabStatus = (typeof LAB_STATUSES)[number];

/** A structured value as recorded: catalogue analyte code or name, UCUM unit, range and its H/L/N flag. */
const labValue = z.object({
  analyte: z.string(),
  name: z.string(),
  value: z.union([z.number(), z.string()]),
  unit: z.string().nullable(),
  referenceRange: z.object({ low: z.number().nullable(), high: z.number().nullable() }).nullable(),
  interpretation: z.enum(['H', 'L', 'N']).nullable(),
});
export type LabValue = z.infer<typeof labValue>;

/** Values by parameter ({ Haemoglobin: '13.2 g/dL' }), one free-text report, or structured values. */
const labResults = z.union([
  z.string(),
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  z.array(labValue),
]);
export type LabResults = z.infer<typeof labResults>;
/** A structured value as sent: the server fills in the catalogue name, the usual unit and the flag. */
export type LabValueInput = Pick<LabValue, 'analyte' | 'value' | 'unit' | 'referenceRange'>;

/** One requested test as GET /api/lab/requests answers it. */
export const labRequestSchema = z.object({
  id: z.string(),
  consultationId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  testName: z.string(),
  testCode: z.string(),
  urgency: z.enum(['Routine', 'Urgent', 'STAT']),
  instructions: z.string().nullable(),
  status: z.enum(LAB_STATUSES),
  orderedBy: z.object({ id: z.string(), name: z.string() }),
  orderedAt: z.string(),
  startedAt: z.string().nullable(),
  startedBy: z.string().nullable(),
  completedAt: z.string().nullable(),
  results: labResults.nullable(),
  notes: z.string().nullable(),
  conductedBy: z.string().nullable(),
});
export type LabRequest = z.infer<typeof labRequestSchema>;

const pagination = z.object({
  currentPage: z.number(),
  totalPages: z.number(),
  totalRecords: z.number(),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
});

const listAnswer = z.object({ data: z.object({ requests: z.array(labRequestSchema), pagination }) });
export type LabRequestsPage = z.infer<typeof listAnswer>['data'];
const oneAnswer = z.object({ data: z.object({ request: labRequestSchema }), message: z.string().optional() });

/** A refused lab call: the message to show and the server's field reasons. */
export class LabError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'LabError';
  }
}

/** The server's message when it sent one, else `fallback`; an answer of the wrong shape is the call's failure. */
function labError(e: unknown, fallback: string): LabError {
  if (e instanceof ApiError && e.status !== 0) {
    const sent = (e.body as { message?: unknown } | undefined)?.message;
    return new LabError(typeof sent === 'string' && sent ? sent : fallback, e.status, e.errors);
  }
  if (e instanceof ApiError) return new LabError(e.message, 0);
  return new LabError(fallback, 0);
}

export type LabRequestsQuery = { status: LabStatus; page: number; limit: number; search?: string };

/** GET /api/lab/requests: open requests STAT first (then Urgent, Routine, oldest first); completed newest first. */
export async function listLabRequests(query: LabRequestsQuery, signal?: AbortSignal): Promise<LabRequestsPage> {
  const searchParams: Record<string, string | number> = { status: query.status, page: query.page, limit: query.limit };
  const search = query.search?.trim();
  if (search) searchParams.search = search;
  try {
    return listAnswer.parse(await request('/lab/requests', { searchParams, signal })).data;
  } catch (e) {
    throw labError(e, 'Failed to fetch lab requests');
  }
}

/** POST /api/lab/requests/{id}/start. */
export async function startLabRequest(id: string): Promise<LabRequest> {
  try {
    return oneAnswer.parse(await request(`/lab/requests/${encodeURIComponent(id)}/start`, { method: 'post', json: {} }))
      .data.request;
  } catch (e) {
    throw labError(e, 'Failed to start the test');
  }
}

export type LabResultsInput = {
  results: Exclude<LabResults, LabValue[]> | LabValueInput[];
  notes: string | null;
  conductedBy: string | null;
};

/** POST /api/lab/requests/{id}/results. */
export async function recordLabResults(
  id: string,
  input: LabResultsInput,
): Promise<{ request: LabRequest; message: string }> {
  try {
    const answer = oneAnswer.parse(
      await request(`/lab/requests/${encodeURIComponent(id)}/results`, { method: 'post', json: input }),
    );
    return { request: answer.data.request, message: answer.message ?? 'Test results recorded successfully!' };
  } catch (e) {
    throw labError(e, 'Failed to record test results');
  }
}

const countsAnswer = z.object({ data: z.object({ pending: z.number(), inProgress: z.number() }) });
export type LabCounts = z.infer<typeof countsAnswer>['data'];

/** GET /api/lab/stats: how many requests wait and how many are under way (the queue's tab counts). */
export async function fetchLabCounts(signal?: AbortSignal): Promise<LabCounts> {
  try {
    return countsAnswer.parse(await request('/lab/stats', { searchParams: { recent: 1 }, signal })).data;
  } catch (e) {
    throw labError(e, 'Failed to fetch lab requests');
  }
}
