import { api, ApiError, request } from '../../../lib/api-client';
import { z } from '../../../lib/zod';

/** The audit trail's endpoints (GET /api/audit/…): entries, one entry, actors, verification, CSV. */
const actor = z.object({ id: z.string(), name: z.string(), role: z.string() });

/** A command an offline device queued (issue 25): the device, when it was done there, when the server accepted it. */
export const offlineOrigin = z
  .object({
    deviceId: z.string().nullable(),
    deviceTime: z.string().nullable(),
    acceptedAt: z.string(),
    note: z.string(),
  })
  .nullable()
  .optional();
export type OfflineOrigin = z.infer<typeof offlineOrigin>;

/** "on device T1 at <device time>, accepted <server time>", in the hospital's time zone. */
export function offlineSummary(o: NonNullable<OfflineOrigin>, format: (iso: string) => string): string {
  const device = o.deviceId ? `on device ${o.deviceId} ` : '';
  const at = o.deviceTime ? `at ${format(o.deviceTime)}, ` : '';
  return `${device}${at}accepted ${format(o.acceptedAt)}`;
}

export const trailEntry = z.object({
  id: z.string(),
  time: z.string(),
  actor,
  action: z.string(),
  eventType: z.string(),
  subject: z.object({ type: z.string(), id: z.string().nullable() }).nullable(),
  outcome: z.string(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  offline: offlineOrigin,
});
export type TrailEntry = z.infer<typeof trailEntry>;

const pageAnswer = z.object({ data: z.object({ entries: z.array(trailEntry), nextCursor: z.string().nullable() }) });
export type TrailPage = z.infer<typeof pageAnswer>['data'];

const detailAnswer = z.object({
  data: trailEntry.extend({
    stream: z.string(),
    revision: z.number(),
    correlationId: z.string().nullable(),
    causationId: z.string().nullable(),
    chain: z.object({ seq: z.number(), hash: z.string().nullable() }).nullable(),
    data: z.unknown(),
  }),
});
export type TrailEntryDetail = z.infer<typeof detailAnswer>['data'];

const verifyAnswer = z.object({
  data: z.object({
    ok: z.boolean(),
    checked: z.number(),
    headHash: z.string().nullable(),
    since: z.string().nullable().optional(),
    unsupported: z.string().optional(),
    broken: z
      .object({
        seq: z.number(),
        eventId: z.string(),
        eventType: z.string(),
        time: z.string(),
        action: z.string(),
        reason: z.enum(['changed', 'missing', 'display', 'views']),
      })
      .optional(),
    checkpoint: z
      .object({
        line: z.number(),
        seq: z.number().nullable(),
        hash: z.string().nullable(),
        at: z.string().nullable(),
        reason: z.enum(['missing', 'changed', 'signature', 'unreadable']),
        found: z.string().nullable(),
      })
      .optional(),
    lag: z
      .object({
        recorded: z.number(),
        projected: z.number(),
        behind: z.number(),
        oldestMissingAt: z.string().nullable(),
      })
      .optional(),
    anchored: z
      .object({
        checkpoints: z.number(),
        last: z.object({ seq: z.number(), hash: z.string(), at: z.string() }).nullable(),
      })
      .optional(),
  }),
});
export type Verification = z.infer<typeof verifyAnswer>['data'];

const actorsAnswer = z.object({ data: z.object({ actors: z.array(actor) }) });
export type TrailActor = z.infer<typeof actor>;

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
  return pageAnswer.parse(body).data;
}

export async function fetchTrailEntry(id: string, signal?: AbortSignal) {
  const body = await request(`audit/events/${encodeURIComponent(id)}`, {
    signal,
    fallback: 'Could not load this entry.',
  });
  return detailAnswer.parse(body).data;
}

export async function fetchActors(signal?: AbortSignal) {
  const body = await request('audit/actors', { signal, fallback: 'Could not load the people in the trail.' });
  return actorsAnswer.parse(body).data.actors;
}

export async function verifyIntegrity() {
  // A million entries take about half a minute to recompute: no client-side timeout.
  const body = await request('audit/verify', {
    timeout: false,
    fallback: 'Could not verify the trail. Please try again.',
  });
  return verifyAnswer.parse(body).data;
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
