import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RealtimeHub, SocketSession } from './hub';

/**
 * GET /ws?token=… (product-spec-1 §7). The token is checked before the upgrade completes, the
 * same way as on HTTP; a bad one still gets the upgrade and then close code 4401, because a
 * browser cannot see the HTTP status of a refused upgrade but can see a close code.
 */
export function realtimeRoutes(hub: RealtimeHub) {
  return async (app: FastifyInstance) => {
    const checked = new WeakMap<FastifyRequest, { session: SocketSession | null; token: string | null }>();
    app.get(
      '/ws',
      {
        websocket: true,
        // The token is in the query string; the log keeps the parameter's name only (src/platform/logger.ts).
        schema: { hide: true },
        preValidation: async (request) => {
          const raw = (request.query as { token?: unknown }).token;
          const token = typeof raw === 'string' && raw.length > 0 && raw.length < 4096 ? raw : null;
          checked.set(request, { token, session: await hub.authenticate(token) });
        },
      },
      (socket, request) => {
        const auth = checked.get(request);
        hub.attach(socket, auth?.session ?? null, auth?.token ?? null);
      },
    );
  };
}
