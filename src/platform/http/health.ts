import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { HttpApp, Platform } from '../platform';
import { positionToString } from '../event-store/port';
import { isLocal } from './operator';

const healthSchema = z.object({
  success: z.boolean(),
  data: z.object({
    status: z.enum(['ok', 'degraded', 'down']),
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

/**
 * GET /api/health: up (200) or down (503) for anyone, so a load balancer or uptime check can
 * poll it. The details (database, event store and its head position, each projection's lag)
 * describe every hospital's activity, so only an administrator or a local caller gets them.
 */
export function healthRoutes(platform: Platform): FastifyPluginAsync {
  const adminOnly = platform.auth(['admin']);
  return async (scope) => {
    const app = scope as unknown as HttpApp;
    const isAdmin = (request: FastifyRequest, reply: unknown) =>
      request.headers.authorization
        ? (adminOnly.call(scope, request, reply as never) as Promise<unknown>).then(
            () => true,
            () => false,
          )
        : Promise.resolve(false);
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['platform'],
          summary:
            'Up (200) or down (503); with database, event store and projection lag for an admin or a local caller',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (request, reply) => {
        const database = await sql`select 1`.execute(platform.db).then(
          () => 'up' as const,
          () => 'down' as const,
        );
        let head: string | null = null;
        const eventStore = await platform.store.headPosition().then(
          (p) => ((head = p ? positionToString(p) : null), 'up' as const),
          () => 'down' as const,
        );
        const down = database === 'down' || eventStore === 'down';
        const detailed = isLocal(request) || (await isAdmin(request, reply));
        if (!detailed) {
          return reply.code(down ? 503 : 200).send({ success: !down, data: { status: down ? 'down' : 'ok' } });
        }
        const projections = down ? [] : await platform.runner.status().catch(() => []);
        const parked = down ? [] : await platform.runner.parked().catch(() => []);
        const listener = platform.store.listenerState?.();
        const degraded = projections.some((p) => p.failing) || parked.length > 0 || listener?.state === 'reconnecting';
        const status = down ? 'down' : degraded ? 'degraded' : 'ok';
        return reply.code(down ? 503 : 200).send({
          success: !down,
          data: {
            status,
            database,
            eventStore: { adapter: platform.store.name, status: eventStore, head, listener },
            projections,
            leases: platform.leases.state(),
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
