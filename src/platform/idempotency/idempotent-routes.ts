import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db } from '../db/database';
import type { EventStore } from '../event-store/port';
import { replayedRead } from '../http/access-trail';
import { BadRequest } from '../http/errors';
import { earlierAnswer, recordAnswer, type Answer } from './answers';
import { beginIdempotentRequest, endIdempotentRequest, runningRequest, type IdempotentRequest } from './reservation';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's command counts once per Idempotency-Key (per hospital): a resend of the key
     * commits nothing and gets the first answer again; the key with another request answers 409.
     */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_KEY_MAX = 200;
const BAD_KEY = `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} characters`;

/** The request's Idempotency-Key, trimmed; undefined when it sent none. */
export function idempotencyKeyOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const key = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX) {
    throw new BadRequest(BAD_KEY, [{ field: 'Idempotency-Key', message: BAD_KEY }]);
  }
  return key;
}

/** JSON with object keys sorted, so a resend whose fields come in another order is the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Method, route, path parameters and the body as the route's schema parsed it ('300' and 300 are one amount). */
function fingerprintOf(request: FastifyRequest, route: string): string {
  return createHash('sha256')
    .update(canonical([route, request.params, request.body]))
    .digest('hex');
}

/** The first send's answer again; the access trail records it as a read of the patients it shows. */
function replay(request: FastifyRequest, reply: FastifyReply, answer: Answer) {
  replayedRead(request, answer.body);
  return reply
    .code(answer.statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(answer.body);
}

/**
 * Routes tagged `config.idempotent`: their handler runs only when the caller's key is new. The
 * command's commit reserves the key (`transact`, ./reservation.ts); the answer is kept when sent.
 * A send that lost the race for the key, or failed because the winner's events got in first,
 * replays the winner's answer.
 */
export function installIdempotentRoutes(app: FastifyInstance, deps: { db: Db; store: EventStore }): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const handler = route.handler as RouteHandlerMethod;
    const name = `${route.method} ${route.url}`;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const key = idempotencyKeyOf(request);
      const hospitalId = request.auth?.hospitalId;
      if (!key || !hospitalId) return handler.call(this, request, reply);
      const keyed: IdempotentRequest = {
        hospitalId,
        key,
        fingerprint: fingerprintOf(request, name),
        route: name,
        reserved: false,
      };
      const earlier = await earlierAnswer(deps.db, deps.store, keyed);
      if (earlier) return replay(request, reply, earlier);
      beginIdempotentRequest(request.id, keyed);
      try {
        return await handler.call(this, request, reply);
      } catch (e) {
        if (keyed.reserved) throw e;
        endIdempotentRequest(request.id);
        const winner = await earlierAnswer(deps.db, deps.store, keyed);
        if (winner) return replay(request, reply, winner);
        throw e;
      }
    } as RouteHandlerMethod;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    // The request stays running until its answer is kept: a resend meanwhile waits for that answer.
    const keyed = runningRequest(request.id);
    if (!keyed?.reserved || typeof payload !== 'string' || reply.statusCode >= 500) {
      endIdempotentRequest(request.id);
      return payload;
    }
    await recordAnswer(deps.db, keyed.hospitalId, keyed.key, keyed.fingerprint, {
      statusCode: reply.statusCode,
      body: payload,
    });
    endIdempotentRequest(request.id);
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    endIdempotentRequest(request.id);
  });
}
