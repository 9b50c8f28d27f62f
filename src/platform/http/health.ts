import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsync } from 'fastify';
import type { HttpApp, Platform } from '../platform';
import { positionToString } from '../event-store/port';

const healthSchema = z.object({
  success: z.boolean(),
  data: z.object({
    status: z.enum(['ok', 'degraded', 'down']),
    database: z.enum(['up', 'down']),
    eventStore: z.object({ adapter: z.string(), status: z.enum(['up', 'down']), head: z.string().nullable() }),
    projections: z.array(
      z.object({
        name: z.string(),
        checkpoint: z.string().nullable(),
        eventsBehind: z.number(),
        failing: z.string().nullable(),
      }),
    ),
  }),
});

/** GET /api/health: database, event store and per-projection lag. 503 when a dependency is down. */
export function healthRoutes(platform: Platform): FastifyPluginAsync {
  return async (scope) => {
    const app = scope as unknown as HttpApp;
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['platform'],
          summary: 'Service health and projection lag',
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        const database = await sql`select 1`.execute(platform.db).then(
          () => 'up' as const,
          () => 'down' as const,
        );
        let head: string | null = null;
        const eventStore = await platform.store.headPosition().then(
          (p) => ((head = p ? positionToString(p) : null), 'up' as const),
          () => 'down' as const,
        );
        const projections =
          database === 'up' && eventStore === 'up' ? await platform.runner.status().catch(() => []) : [];
        const down = database === 'down' || eventStore === 'down';
        const status = down ? 'down' : projections.some((p) => p.failing) ? 'degraded' : 'ok';
        return reply.code(down ? 503 : 200).send({
          success: !down,
          data: {
            status,
            database,
            eventStore: { adapter: platform.store.name, status: eventStore, head },
            projections,
          },
        });
      },
    );
  };
}
