import { api, ApiError, request } from '../../../lib/api-client';
import { fetchData } from '../../../lib/endpoint-client';
import { z } from '../../../lib/zod';
import {
  auditActorsEndpoint,
  auditEventEndpoint,
  auditEventsEndpoint,
  auditVerifyEndpoint,
  offlineOrigin,
  type trailActor,
  trailEntry,
} from '../../../../shared/api/audit';

/** The audit trail's endpoints (GET /api/audit/…): entries, one entry, actors, verification, CSV. */
// Their answers are the shared contract's (src/shared/api/audit.ts), parsed as the server's routes send them.
export { offlineOrigin, trailEntry };
export type OfflineOrigin = z.infer<typeof offlineOrigin>;

/** "on device T1 at <device time>, accepted <server time>", in the hospital's time zone. */
export function offlineSummary(o: NonNullable<OfflineOrigin>, format: (iso: string) => string): string {
  const device = o.deviceId ? `on device ${o.deviceId} ` : '';
  const at = o.deviceTime ? `at ${format(o.deviceTime)}, ` : '';
  return `${device}${at}accepted ${format(o.acceptedAt)}`;
}

export type TrailEntry = z.infer<typeof trailEntry>;

export type TrailPage = z.infer<typeof auditEventsEndpoint.data>;

export type TrailEntryDetail = z.infer<typeof auditEventEndpoint.data>;

export type Verification = z.infer<typeof auditVerifyEndpoint.data>;

export type TrailActor = z.infer<typeof trailActor>;

export type TrailFilters = {
  from: string;
  to: string;
  actorId: string;
  role: string;
  action: string;
  subjectType: string;
  q: string;
};
export const NO_FILTERS: TrailFilters = { from: '', to: '', actorId: '', role: '', action: '', subjectType: '', q: '' };

/** The filters as query parameters: empty ones left out. */
export function filterParams(f: TrailFilters, extra: Record<string, string> = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...f, ...extra })) if (v.trim()) params.set(k, v.trim());
  return params;
}

/** The trail's two views: the changes (the default), or the reads alone. */
export type TrailKind = 'changes' | 'reads';

export async function fetchTrailPage(
  f: TrailFilters,
  cursor: string | null,
  signal?: AbortSignal,
  limit = 50,
  kind?: TrailKind,
) {
  const params = filterParams(f, { limit: String(limit), ...(cursor ? { cursor } : {}), ...(kind ? { kind } : {}) });
  const body = await request(`audit/events?${params}`, { signal, fallback: 'Could not load the audit trail.' });
  return auditEventsEndpoint.response.parse(body).data;
}

export async function fetchTrailEntry(id: string, signal?: AbortSignal) {
  return fetchData(auditEventEndpoint, { params: { id }, signal, fallback: 'Could not load this entry.' });
}

export async function fetchActors(signal?: AbortSignal) {
  const fallback = 'Could not load the people in the trail.';
  return (await fetchData(auditActorsEndpoint, { signal, fallback })).actors;
}

export async function verifyIntegrity() {
  // A million entries take about half a minute to recompute: no client-side timeout.
  const fallback = 'Could not verify the trail. Please try again.';
  return fetchData(auditVerifyEndpoint, { timeout: false, fallback });
}

/** Saves a file the API answers (the token goes in a header, so not a plain link). */
async function download(path: string, filename: string) {
  let blob: Blob;
  try {
    blob = await api(path, { timeout: false }).blob();
  } catch {
    throw new ApiError(0, 'Could not download the file. Please try again.');
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The filtered trail as a CSV file. */
export function downloadTrailCsv(f: TrailFilters, now: Date) {
  return download(`audit/events.csv?${filterParams(f)}`, `audit-trail-${now.toISOString().slice(0, 10)}.csv`);
}

const exportAnswer = z.object({
  data: z.object({ export: z.object({ id: z.string(), status: z.enum(['preparing', 'ready', 'failed']) }) }),
});
const REPORT_WAIT_MS = 5 * 60_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Who accessed which patients in the filters' date range (and actor), for a breach notice. The
 * server prepares the file in the background (a busy hour's report is thousands of rows); this
 * asks for it, follows it every half second, and downloads it once it is ready.
 */
export async function downloadAccessReport(f: TrailFilters, now: Date) {
  const query = Object.fromEntries(filterParams({ ...NO_FILTERS, from: f.from, to: f.to, actorId: f.actorId }));
  const failed = 'Could not prepare the access report. Please try again.';
  let report = exportAnswer.parse(
    await request('audit/access-report/exports', { method: 'post', json: query, fallback: failed }),
  ).data.export;
  const path = `audit/access-report/exports/${encodeURIComponent(report.id)}`;
  for (const until = Date.now() + REPORT_WAIT_MS; report.status === 'preparing';) {
    if (Date.now() > until) throw new ApiError(0, 'The access report is taking too long. Please try again.');
    await sleep(500);
    report = exportAnswer.parse(await request(path, { fallback: failed })).data.export;
  }
  if (report.status === 'failed') throw new ApiError(0, failed);
  return download(`${path}/csv`, `access-report-${now.toISOString().slice(0, 10)}.csv`);
}
