import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { quotedId, safeText } from '../../shared/text';
import { defineEvent, type EventOf } from '../event-store/contracts';
import type { EventMetadata, EventStore } from '../event-store/port';
import type { Logger } from '../logger';
import { envelope, unavailableHeaders } from './error-handler';
import { clientRequestIdField } from './request-id';
import { isSharedAnswer } from './shared-answers';

/**
 * The access trail: reads of a record and refusals (401, 403, 404), which change nothing and so
 * leave no event of their own. A route says what it serves in its config,
 * `config: { audit: { subject: 'patient', idParam: 'id', what: 'detail' } }`, and this hook appends
 * one access event per answered request before the answer leaves: a successful GET becomes a
 * `RecordAccessed`, a 401/403/404 on any method an `AccessRefused`. The server records it, never
 * the browser, so a client cannot skip it. A read whose record cannot be written is not served
 * (503): the trail stays complete. Writes are events already and are not recorded twice; but a
 * write sent again with its Idempotency-Key and answered with the stored first answer writes
 * nothing and serves that answer's patients again, so it leaves a `RecordAccessed` (`replayed`).
 */
export type AccessAudit = {
  /** What kind of record the route serves: 'patient', 'user', 'audit' … */
  subject: string;
  /** The path parameter holding the record's id, when the route is about one record. */
  idParam?: string;
  /** What is read: 'detail', 'history', 'export' … */
  what: string;
  /** false: record refusals only (writes whose success is an event already, lists of no patient). */
  reads?: boolean;
  /**
   * A read that shows patients (a list, a search, a queue, a report, a CSV): the ids of the patients
   * its answer shows, taken from the answer object (`patientIdsIn` finds them in most answers), or
   * 'handler' when the answer is text (a CSV) and the handler names them in `request.auditPatients`.
   * The read's one `RecordAccessed` carries them with the query's terms and filters.
   */
  patientIds?: ((answer: unknown) => Iterable<string>) | 'handler';
};

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AccessAudit;
  }
  interface FastifyRequest {
    /** The patients this request's answer shows, for its access event (see AccessAudit.patientIds); read-only. */
    auditPatients: string[] | null;
    /** The answer is a stored one sent again (see `replayedRead`): a read, whatever the method. */
    auditReplayed: boolean;
  }
}

const accessData = {
  subjectType: z.string(),
  subjectId: z.string().nullable(),
  what: z.string(),
  method: z.string(),
  /** The route's pattern (`/api/patients/:id`), never the raw URL with its query. */
  route: z.string(),
  /** Why the record was opened, when the client said (`X-Access-Purpose`). */
  purpose: z.string().nullable(),
};

/**
 * `patientIds` and `query` were added later as optional fields: events written before them read
 * unchanged (a read of one record, `subjectId`), so the contract keeps version 1.
 */
export const recordAccessed = defineEvent(
  'RecordAccessed',
  z.object({
    ...accessData,
    asOf: z.string().nullable().optional(),
    format: z.string().nullable().optional(),
    /** The patients a list, search, queue or report showed (at most MAX_PATIENT_IDS of them). */
    patientIds: z.array(z.string()).optional(),
    /** How many patients it showed, when more than the ids kept. */
    patientCount: z.number().int().optional(),
    /** The search terms and filters of the read (bounded), e.g. `{ search: 'ada', status: 'waiting' }`. */
    query: z.record(z.string(), z.string()).optional(),
    /** The answer was the stored answer of a command sent again with its Idempotency-Key (a read of it). */
    replayed: z.literal(true).optional(),
  }),
);
export const accessRefused = defineEvent(
  'AccessRefused',
  z.object({
    ...accessData,
    status: z.number().int(),
    reason: z.enum(['unauthenticated', 'forbidden', 'not_found']),
  }),
);
export const accessContracts = [recordAccessed, accessRefused];
export type RecordAccessed = EventOf<typeof recordAccessed>;
export type AccessRefused = EventOf<typeof accessRefused>;
export type AccessEvent = RecordAccessed | AccessRefused;

const REASONS = { 401: 'unauthenticated', 403: 'forbidden', 404: 'not_found' } as const;
const PURPOSE_MAX = 200;
/** A read of more patients than this keeps the first ones' ids and the count (a 10 000-row CSV). */
export const MAX_PATIENT_IDS = 5000;
const QUERY_KEYS_MAX = 20;
const QUERY_VALUE_MAX = 200;
export const ACCESS_NOT_RECORDED = 'This record could not be opened right now. Please try again.';

/**
 * One stream per request, named by hospital, person and day (a person's day is the streams of that
 * prefix): appends never contend, so one person's concurrent reads (a desk refetching its lists)
 * share a group commit instead of queueing one commit each behind a shared stream.
 */
export function accessStream(hospitalId: string, userId: string, at: string, requestId: string): string {
  return `access-${hospitalId || 'none'}-${userId}-${at.slice(0, 10)}-${requestId}`;
}

function purposeOf(request: FastifyRequest): string | null {
  const raw = request.headers['x-access-purpose'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? safeText(value, PURPOSE_MAX) || null : null;
}

function metadataOf(request: FastifyRequest): EventMetadata {
  const who = request.auth ?? request.claimed;
  return {
    hospitalId: who?.hospitalId ?? '',
    actor: who
      ? { userId: who.userId, role: who.role, name: who.name }
      : { userId: 'anonymous', role: 'anonymous', name: 'Unauthenticated caller' },
    correlationId: request.id,
    causationId: request.id,
    occurredAt: new Date().toISOString(),
    requestId: request.id,
    ip: request.ip,
    ...clientRequestIdField(request),
  };
}

/**
 * The patient ids an answer shows: every string under a `patientId` key and the `id` of every object
 * under a `patient` or `patients` key, at any depth (list items, queue rows, report rows, receipts).
 */
export function patientIdsIn(answer: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, key: string | null, depth: number): void => {
    if (depth > 8 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, key, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if ((key === 'patient' || key === 'patients') && typeof record.id === 'string') found.add(record.id);
    for (const [k, v] of Object.entries(record)) {
      if (k === 'patientId' && typeof v === 'string') found.add(v);
      else if (v !== null && typeof v === 'object') walk(v, k, depth + 1);
    }
  };
  walk(answer, null, 0);
  return [...found];
}

/**
 * This request is answered with the answer its Idempotency-Key's first send got (a resend from an
 * offline device): nothing is written, and whatever patient that answer shows (a registration's
 * patient, an appointment's patientId) is served again, so it is a read and is recorded as one.
 */
export function replayedRead(request: FastifyRequest, body: string): void {
  request.auditReplayed = true;
  let answer: unknown = null;
  try {
    answer = JSON.parse(body);
  } catch {
    // Not JSON: no patient to name; the read is still recorded under the route's subject.
  }
  request.auditPatients = patientIdsIn(answer);
}

/** What a replayed answer counts as when its route declares no audit config of its own. */
const REPLAY_AUDIT: AccessAudit = { subject: 'patient', what: 'answer' };

/** The audit config of a read that shows patients: `listRead('lab request', 'queue')`. */
export function listRead(
  subject: string,
  what: string,
  patientIds: AccessAudit['patientIds'] = patientIdsIn,
): AccessAudit {
  return { subject, what, patientIds };
}

/** The read's search terms and filters as strings, bounded: what the trail says was searched for. */
function queryOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = Object.entries((request.query ?? {}) as Record<string, unknown>).slice(0, QUERY_KEYS_MAX);
  for (const [key, value] of entries) {
    if (value === undefined || value === null || value === '') continue;
    const text =
      value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
    out[safeText(key, 40)] = safeText(text, QUERY_VALUE_MAX);
  }
  return out;
}

function shownPatients(request: FastifyRequest) {
  const ids = request.auditPatients ?? [];
  return ids.length > MAX_PATIENT_IDS
    ? { patientIds: ids.slice(0, MAX_PATIENT_IDS), patientCount: ids.length }
    : { patientIds: ids };
}

/** The access event this answered request leaves, or null when it leaves none. */
export function accessEventFor(request: FastifyRequest, reply: FastifyReply): AccessEvent | null {
  const audit = request.routeOptions?.config?.audit ?? (request.auditReplayed ? REPLAY_AUDIT : undefined);
  if (!audit) return null;
  const status = reply.statusCode;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const id = audit.idParam ? params[audit.idParam] : undefined;
  const base = {
    subjectType: audit.subject,
    // A refusal is recorded before (or instead of) any check of the id: quoted, never stored as sent.
    subjectId: typeof id === 'string' ? quotedId(id) : null,
    what: audit.what,
    method: request.method,
    route: request.routeOptions.url ?? '',
    purpose: purposeOf(request),
  };
  const reason = REASONS[status as keyof typeof REASONS];
  if (reason) return { type: 'AccessRefused', data: { ...base, status, reason } };
  if (request.auditReplayed) {
    return status >= 200 && status < 300
      ? { type: 'RecordAccessed', data: { ...base, replayed: true, ...shownPatients(request) } }
      : null;
  }
  if (status >= 200 && status < 300 && request.method === 'GET' && audit.reads !== false) {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const asOf =
      query.asOf instanceof Date ? query.asOf.toISOString() : typeof query.asOf === 'string' ? query.asOf : null;
    const format = typeof query.format === 'string' ? query.format : null;
    const list = audit.patientIds ? { ...shownPatients(request), query: queryOf(request) } : {};
    return {
      type: 'RecordAccessed',
      data: { ...base, ...(asOf ? { asOf } : {}), ...(format && audit.what === 'export' ? { format } : {}), ...list },
    };
  }
  return null;
}

/**
 * Where the reads go: the module that owns the access log writes them there, many to one insert
 * (the audit module's AccessLog). Resolves once the read is committed; throws when it was not.
 */
export interface ReadRecorder {
  record(read: RecordAccessed['data'], metadata: EventMetadata): Promise<void>;
}

/**
 * Installs the hook on the root instance, before any route is registered. Reads go to `reads` when
 * a module records them (the access log), else to the store as `RecordAccessed` events; refusals are
 * always events.
 */
export function installAccessTrail(app: FastifyInstance, store: EventStore, log: Logger, reads?: ReadRecorder): void {
  app.decorateRequest('auditPatients', null);
  app.decorateRequest('auditReplayed', false);
  // The answer object, before it becomes text: the patients a list read shows are taken from it.
  // A shared answer (shared-answers.ts) shows the same patients to each of its callers: found once.
  const shownBy = new WeakMap<object, string[]>();
  app.addHook('preSerialization', async (request, reply, payload) => {
    const from = request.routeOptions?.config?.audit?.patientIds;
    if (typeof from === 'function' && request.method === 'GET' && reply.statusCode < 300 && !request.auditPatients) {
      const shared = isSharedAnswer(payload) ? shownBy.get(payload) : undefined;
      request.auditPatients = shared ?? [...new Set(from(payload))];
      if (!shared && isSharedAnswer(payload)) shownBy.set(payload, request.auditPatients);
    }
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const event = accessEventFor(request, reply);
    if (!event) return payload;
    const metadata = metadataOf(request);
    try {
      if (reads && event.type === 'RecordAccessed') {
        await reads.record(event.data, metadata);
        return payload;
      }
      await store.append(
        accessStream(metadata.hospitalId, metadata.actor.userId, metadata.occurredAt, request.id),
        [{ ...event, metadata }],
        { expectedRevision: 'any' },
      );
      return payload;
    } catch (err) {
      log.error({ err, requestId: request.id }, 'access event not recorded');
      if (event.type === 'AccessRefused') return payload;
      void reply.code(503).header('content-type', 'application/json; charset=utf-8').headers(unavailableHeaders);
      return JSON.stringify(envelope(ACCESS_NOT_RECORDED));
    }
  });
}
