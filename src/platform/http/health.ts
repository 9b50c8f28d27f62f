import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { HttpApp, Platform } from '../platform';
import { isUnavailable } from '../db/faults';
import { positionToString } from '../event-store/port';
import { unavailableHeaders } from './error-handler';
import { isOperator } from './operator';

const healthSchema = z.object({
  success: z.boolean(),
  data: z.object({
    status: z.enum(['ok', 'degraded', 'down']),
    /** Why it is down, in words an operator acts on (the driver's own message for a detailed caller). */
    reason: z.string().optional(),
    // The details: for an administrator or a caller on this machine only.
    database: z.enum(['up', 'down']).optional(),
    eventStore: z
      .object({
        adapter: z.string(),
        status: z.enum(['up', 'down']),
        head: z.string().nullable(),
        /** How this server hears of other servers' writes ('reconnecting': at poll speed meanwhile). */
        listener: z
          .object({
            state: z.enum(['listening', 'reconnecting', 'stopped']),
            since: z.string().nullable(),
            reconnects: z.number(),
            lastError: z.string().nullable(),
          })
          .optional(),
      })
      .optional(),
    projections: z
      .array(
        z.object({
          name: z.string(),
          checkpoint: z.string().nullable(),
          eventsBehind: z.number(),
          failing: z.string().nullable(),
          fellBack: z.number(),
          /** Whether this server runs it; false: another server does (see db/leases.ts). */
          leader: z.boolean(),
        }),
      )
      .optional(),
    /** The background work (projections, reactors, timers) this server runs, and what it stands by for. */
    leases: z.object({ connected: z.boolean(), held: z.array(z.string()), standby: z.array(z.string()) }).optional(),
    /** The modules' own checks of their background work (the access log's seal): not ok makes it degraded. */
    checks: z
      .array(
        z.object({
          name: z.string(),
          ok: z.boolean(),
          detail: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
        }),
      )
      .optional(),
    /** Events a consumer set aside because of what they hold, until an operator retries them. */
    parked: z
      .array(
        z.object({
          consumer: z.string(),
          position: z.string(),
          eventId: z.string(),
          eventType: z.string(),
          error: z.string(),
          parkedAt: z.string(),
        }),
      )
      .optional(),
  }),
});
const PARKED_SHOWN = 20;

/** A module's check of its own background work for the operator's health answer (`AppModule.health`). */
export type HealthCheck = {
  name: string;
  check: () => Promise<{ ok: boolean; detail: Record<string, string | number | null> }>;
};

/** A check that fails to answer is not ok, and says why. */
async function run(c: HealthCheck) {
  try {
    return { name: c.name, ...(await c.check()) };
  } catch (err) {
    return { name: c.name, ok: false, detail: { error: err instanceof Error ? err.message : String(err) } };
  }
}

/**
 * GET /api/health: up (200) or down (503) for anyone, so a load balancer or uptime check can
 * poll it. The details (database, event store and its head position, each projection's lag)
 * describe every hospital's activity, so only the deployment's operator gets them: a caller on this machine, or
 * one with `Authorization: Bearer $OPERATOR_TOKEN` (http/operator.ts). A hospital's admin is not the operator.
 */
export function healthRoutes(platform: Platform, checks: readonly HealthCheck[] = []): FastifyPluginAsync {
  return async (scope) => {
    const app = scope as unknown as HttpApp;
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['platform'],
          summary:
            'Up (200) or down (503); with database, event store and projection lag for the operator (local or OPERATOR_TOKEN)',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        let failure: unknown;
        const database = await sql`select 1`.execute(platform.db).then(
          () => 'up' as const,
          (err: unknown) => ((failure = err), 'down' as const),
        );
        let head: string | null = null;
        const eventStore = await platform.store.headPosition().then(
          (p) => ((head = p ? positionToString(p) : null), 'up' as const),
          (err: unknown) => ((failure ??= err), 'down' as const),
        );
        const down = database === 'down' || eventStore === 'down';
        const detailed = isOperator(request, platform.config.operatorToken);
        const why = down
          ? { reason: reasonOf(database === 'down' ? 'database' : 'event store', failure, detailed) }
          : {};
        if (down) void reply.headers(unavailableHeaders);
        if (!detailed) {
          return reply.code(down ? 503 : 200).send({ success: !down, data: { status: down ? 'down' : 'ok', ...why } });
        }
        const projections = down ? [] : await platform.runner.status().catch(() => []);
        const parked = down ? [] : await platform.runner.parked().catch(() => []);
        const listener = platform.store.listenerState?.();
        const checked = down ? [] : await Promise.all(checks.map(run));
        const degraded =
          projections.some((p) => p.failing) ||
          parked.length > 0 ||
          listener?.state === 'reconnecting' ||
          checked.some((c) => !c.ok);
        const status = down ? 'down' : degraded ? 'degraded' : 'ok';
        return reply.code(down ? 503 : 200).send({
          success: !down,
          data: {
            status,
            ...why,
            database,
            eventStore: { adapter: platform.store.name, status: eventStore, head, listener },
            projections,
            leases: platform.leases.state(),
            checks: checked,
            parked: parked.slice(0, PARKED_SHOWN).map((p) => ({
              consumer: p.consumer,
              position: p.position,
              eventId: p.eventId,
              eventType: p.eventType,
              error: p.error,
              parkedAt: p.parkedAt,
            })),
          },
        });
      },
    );
  };
}

/**
 * Why health answers down. Anyone learns which part is away; the driver's message (an address, a
 * SQLSTATE) only a detailed caller.
 */
function reasonOf(part: 'database' | 'event store', err: unknown, detailed: boolean): string {
  const what = isUnavailable(err)
    ? `The ${part} is unreachable; the server keeps trying and recovers by itself when it is back`
    : `The ${part} answers with an error`;
  if (!detailed) return what;
  // A refused connection to several addresses is an AggregateError with an empty message.
  const inner = (err as { errors?: unknown[] } | null)?.errors?.[0] ?? err;
  const message = (inner instanceof Error ? inner.message : String(inner)) || 'no message';
  const code = (inner as { code?: unknown } | null)?.code;
  return `${what}: ${message}${typeof code === 'string' && !message.includes(code) ? ` (${code})` : ''}`;
}
