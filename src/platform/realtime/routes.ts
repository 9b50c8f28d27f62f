import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelope } from '../http/error-handler';
import type { RealtimeHub, SocketSession } from './hub';

export const FOREIGN_ORIGIN = 'This page may not open the live channel';

/**
 * A browser's socket is opened by a page of this app: its Origin is the public address (PUBLIC_URL) or the
 * address it was served from (the Host it asked, as behind the dev server's proxy). A page of another site
 * holding a token is refused before the upgrade. A client that sends no Origin (a server, a script) is not a
 * browser page and is not concerned.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (origin === undefined) return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  return from.origin === new URL(publicUrl).origin || (host !== undefined && from.host === host);
}

/**
 * GET /ws?token=… (product-spec-1 §7). The token is checked before the upgrade completes, the
 * same way as on HTTP; a bad one still gets the upgrade and then close code 4401, because a
 * browser cannot see the HTTP status of a refused upgrade but can see a close code. A page of another
 * origin is refused before the upgrade (403).
 */
export function realtimeRoutes(hub: RealtimeHub, publicUrl: string) {
  return async (app: FastifyInstance) => {
    const checked = new WeakMap<FastifyRequest, { session: SocketSession | null; token: string | null }>();
    app.get(
      '/ws',
      {
        websocket: true,
        // The token is in the query string; the log keeps the parameter's name only (src/platform/logger.ts).
        schema: { hide: true },
        preValidation: async (request, reply) => {
          if (!originAllowed(request.headers.origin, request.headers.host, publicUrl)) {
            request.log.warn({ origin: request.headers.origin }, 'live channel refused to a page of another origin');
            return reply.code(403).send(envelope(FOREIGN_ORIGIN));
          }
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
