import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-store/contracts';
import type { EventMetadata, EventStore } from '../event-store/port';
import type { Logger } from '../logger';
import { envelope } from './error-handler';
import { clientRequestIdField } from './request-id';

/**
 * The access trail: reads of a record and refusals (401, 403, 404), which change nothing and so
 * leave no event of their own. A route says what it serves in its config,
 * `config: { audit: { subject: 'patient', idParam: 'id', what: 'detail' } }`, and this hook appends
 * one access event per answered request before the answer leaves: a successful GET becomes a
 * `RecordAccessed`, a 401/403/404 on any method an `AccessRefused`. The server records it, never
 * the browser, so a client cannot skip it. A read whose record cannot be written is not served
 * (503): the trail stays complete. Writes are events already and are not recorded twice.
 */
export type AccessAudit = {
  /** What kind of record the route serves: 'patient', 'user', 'audit' … */
  subject: string;
  /** The path parameter holding the record's id, when the route is about one record. */
  idParam?: string;
  /** What is read: 'detail', 'history', 'export' … */
  what: string;
  /** false: record refusals only (lists, and writes whose success is an event already). */
  reads?: boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: AccessAudit;
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

export const recordAccessed = defineEvent(
  'RecordAccessed',
  z.object({ ...accessData, asOf: z.string().nullable().optional(), format: z.string().nullable().optional() }),
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
export const ACCESS_NOT_RECORDED = 'This record could not be opened right now. Please try again.';

/** One stream per hospital, person and day: appends of different people never contend. */
export function accessStream(hospitalId: string, userId: string, at: string): string {
  return `access-${hospitalId || 'none'}-${userId}-${at.slice(0, 10)}`;
}

function purposeOf(request: FastifyRequest): string | null {
  const raw = request.headers['x-access-purpose'];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return value ? value.slice(0, PURPOSE_MAX) : null;
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

/** The access event this answered request leaves, or null when it leaves none. */
export function accessEventFor(request: FastifyRequest, reply: FastifyReply): AccessEvent | null {
  const audit = request.routeOptions?.config?.audit;
  if (!audit) return null;
  const status = reply.statusCode;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const id = audit.idParam ? params[audit.idParam] : undefined;
  const base = {
    subjectType: audit.subject,
    subjectId: typeof id === 'string' ? id.slice(0, 200) : null,
    what: audit.what,
    method: request.method,
    route: request.routeOptions.url ?? '',
    purpose: purposeOf(request),
  };
  const reason = REASONS[status as keyof typeof REASONS];
  if (reason) return { type: 'AccessRefused', data: { ...base, status, reason } };
  if (status >= 200 && status < 300 && request.method === 'GET' && audit.reads !== false) {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const asOf =
      query.asOf instanceof Date ? query.asOf.toISOString() : typeof query.asOf === 'string' ? query.asOf : null;
    const format = typeof query.format === 'string' ? query.format : null;
    return {
      type: 'RecordAccessed',
      data: { ...base, ...(asOf ? { asOf } : {}), ...(format && audit.what === 'export' ? { format } : {}) },
    };
  }
  return null;
}

/** Installs the hook on the root instance, before any route is registered. */
export function installAccessTrail(app: FastifyInstance, store: EventStore, log: Logger): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const event = accessEventFor(request, reply);
    if (!event) return payload;
    const metadata = metadataOf(request);
    try {
      await store.append(
        accessStream(metadata.hospitalId, metadata.actor.userId, metadata.occurredAt),
        [{ ...event, metadata }],
        { expectedRevision: 'any' },
      );
      return payload;
    } catch (err) {
      log.error({ err, requestId: request.id }, 'access event not recorded');
      if (event.type === 'AccessRefused') return payload;
      void reply.code(503).header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify(envelope(ACCESS_NOT_RECORDED));
    }
  });
}
