import { z } from 'zod';
import { endpoint } from './endpoint';

/** The audit trail's endpoints (GET /api/audit/…) and a patient's timeline: what the server answers. */

export const auditIdParams = z.object({ id: z.string().min(1).max(100) });

export const trailActor = z.object({ id: z.string(), name: z.string(), role: z.string() });

/** A command an offline device queued (issue 25): the device, when it was done there, when the server accepted it. */
export const offlineOrigin = z
  .object({
    deviceId: z.string().nullable(),
    deviceTime: z.string().nullable(),
    acceptedAt: z.string(),
    note: z.string(),
  })
  .nullable();

export const trailEntry = z.object({
  id: z.string(),
  time: z.string(),
  actor: trailActor,
  action: z.string(),
  eventType: z.string(),
  subject: z.object({ type: z.string(), id: z.string().nullable() }).nullable(),
  outcome: z.string(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  offline: offlineOrigin,
});

export const trailEntryDetail = trailEntry.extend({
  /** Null for a read in the access log (migration 0050), which is a row of its own, not an event. */
  stream: z.string().nullable(),
  revision: z.number().nullable(),
  /** A read in the access log: sealed into the hospital's chain by a `ReadsSealed` entry. */
  accessLog: z.literal(true).optional(),
  correlationId: z.string().nullable(),
  causationId: z.string().nullable(),
  chain: z.object({ seq: z.number(), hash: z.string().nullable() }).nullable(),
  data: z.unknown(),
});

export const verification = z.object({
  ok: z.boolean(),
  checked: z.number(),
  headHash: z.string().nullable(),
  /** When the first entry checked was recorded: "all 417 entries since 12 Nov are intact". */
  since: z.string().nullable().optional(),
  /** Set when this deployment cannot verify (events kept outside PostgreSQL). */
  unsupported: z.string().optional(),
  broken: z
    .object({
      seq: z.number(),
      eventId: z.string(),
      eventType: z.string(),
      time: z.string(),
      action: z.string(),
      /** 'reads': the entry is a seal of the access log whose reads no longer match it (`seal`). */
      reason: z.enum(['changed', 'missing', 'display', 'views', 'reads']),
      /** For 'reads': the reads the seal covers, and how many its range of the access log holds now. */
      seal: z.object({ count: z.number(), found: z.number() }).optional(),
    })
    .optional(),
  /**
   * The access log's record reads: those under seals that still match them, and those not sealed yet
   * (the sealer seals them within about ten seconds; not a break). Absent when the chain broke first.
   */
  reads: z.object({ sealed: z.number(), pending: z.number() }).optional(),
  /**
   * The first signed checkpoint (DATA_DIR/audit/checkpoints.jsonl) that the chain recomputed from
   * the stored events no longer matches, or whose line was altered. Absent when all match.
   */
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
  /**
   * How far the projected trail is behind the event log: the hospital's events recorded up to the
   * moment of the check, those with a chained entry, and how many (the oldest since when) have none
   * yet. `ok` is false while any is missing: a trail that stopped or lags is not reported intact.
   */
  lag: z
    .object({
      recorded: z.number(),
      projected: z.number(),
      behind: z.number(),
      oldestMissingAt: z.string().nullable(),
    })
    .optional(),
  /** How many signed checkpoints the chain was checked against, and the newest of them. */
  anchored: z
    .object({
      checkpoints: z.number(),
      last: z.object({ seq: z.number(), hash: z.string(), at: z.string() }).nullable(),
    })
    .optional(),
});

export const historyEntry = z.object({
  id: z.string(),
  time: z.string(),
  eventType: z.string(),
  kind: z.enum(['write', 'read', 'refusal']),
  action: z.string(),
  actor: trailActor,
  outcome: z.string(),
  ip: z.string().nullable(),
  offline: offlineOrigin,
  changes: z.array(z.object({ field: z.string(), label: z.string(), from: z.unknown(), to: z.unknown() })),
});

/** The trail, newest first; `nextCursor` fetches the next page. Its filters are the server's (audit/schemas.ts). */
export const auditEventsEndpoint = endpoint({
  method: 'GET',
  path: '/audit/events',
  data: z.object({ entries: z.array(trailEntry), nextCursor: z.string().nullable() }),
});

export const auditEventEndpoint = endpoint({
  method: 'GET',
  path: '/audit/events/:id',
  params: auditIdParams,
  data: trailEntryDetail,
});

export const auditActorsEndpoint = endpoint({
  method: 'GET',
  path: '/audit/actors',
  data: z.object({ actors: z.array(trailActor) }),
});

export const auditVerifyEndpoint = endpoint({ method: 'GET', path: '/audit/verify', data: verification });

export const patientHistoryEndpoint = endpoint({
  method: 'GET',
  path: '/patients/:id/history',
  params: auditIdParams,
  data: z.object({ entries: z.array(historyEntry) }),
});

export const readGroup = z.object({
  actor: trailActor,
  subjectType: z.string(),
  what: z.string(),
  list: z.boolean(),
  times: z.number(),
  patients: z.number(),
  firstAt: z.string(),
  lastAt: z.string(),
  summary: z.string(),
});

/** The trail's reads folded per person, screen and 10 minutes (issue 34 §4). Its filters are the server's. */
export const auditReadsEndpoint = endpoint({
  method: 'GET',
  path: '/audit/reads',
  data: z.object({ groups: z.array(readGroup), nextCursor: z.string().nullable() }),
});
