import { ApiError, type FieldError } from '../../../lib/api-client';
import { callEndpoint, fetchData } from '../../../lib/endpoint-client';
import { fetchLabStats, type LabStats } from '../../../lib/lab-stats';
import type { z } from '../../../lib/zod';
import type { labResults, labValue } from '../../../../shared/lab-results';
import {
  LAB_STATUSES,
  labRequestsEndpoint,
  recordLabResultsEndpoint,
  startLabTestEndpoint,
  type labRequest,
} from '../../../../shared/api/laboratory';

export { LAB_STATUSES };
export type LabStatus = (typeof LAB_STATUSES)[number];

/** The lab's answers are the shared contract's (src/shared/api/laboratory.ts). */
export type LabValue = z.infer<typeof labValue>;
export type LabResults = z.infer<typeof labResults>;
/** A structured value as sent: the server fills in the catalogue name, the usual unit and the flag. */
export type LabValueInput = Pick<LabValue, 'analyte' | 'value' | 'unit' | 'referenceRange'>;
export type LabRequest = z.infer<typeof labRequest>;
export type LabRequestsPage = z.infer<typeof labRequestsEndpoint.data>;

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
    return await fetchData(labRequestsEndpoint, { searchParams, signal });
  } catch (e) {
    throw labError(e, 'Failed to fetch lab requests');
  }
}

/** POST /api/lab/requests/{id}/start. */
export async function startLabRequest(id: string): Promise<LabRequest> {
  try {
    return (await fetchData(startLabTestEndpoint, { params: { id }, json: {} })).request;
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
    const answer = await callEndpoint(recordLabResultsEndpoint, { params: { id }, json: input });
    return { request: answer.data.request, message: answer.message ?? 'Test results recorded successfully!' };
  } catch (e) {
    throw labError(e, 'Failed to record test results');
  }
}

export type LabCounts = Pick<LabStats, 'pending' | 'inProgress'>;

/** GET /api/lab/stats: how many requests wait and how many are under way (the queue's tab counts). */
export async function fetchLabCounts(signal?: AbortSignal): Promise<LabCounts> {
  try {
    return await fetchLabStats(signal);
  } catch (e) {
    throw labError(e, 'Failed to fetch lab requests');
  }
}
