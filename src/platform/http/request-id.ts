import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Request ids. The server names every request itself (a UUID): that id is what the answer's
 * `X-Request-Id` header echoes and what every event's metadata carries as its request and
 * correlation id, so two callers can never share one and no caller chooses what the trail stores.
 * A client's own `X-Request-Id` (to match its logs against ours) is kept beside it as
 * `clientRequestId`, cut to 64 characters of `[A-Za-z0-9._:-]`.
 */
export const CLIENT_REQUEST_ID_MAX = 64;

export const newRequestId = (): string => randomUUID();

/** The client's X-Request-Id, cleaned and bounded, or undefined when it sent none (or nothing usable). */
export function clientRequestIdOf(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const raw = request.headers['x-request-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return undefined;
  const cleaned = value.replace(/[^A-Za-z0-9._:-]/g, '').slice(0, CLIENT_REQUEST_ID_MAX);
  return cleaned || undefined;
}

/** `{ clientRequestId }` to spread into an event's metadata, or nothing. */
export function clientRequestIdField(request: Pick<FastifyRequest, 'headers'>): { clientRequestId?: string } {
  const id = clientRequestIdOf(request);
  return id ? { clientRequestId: id } : {};
}
