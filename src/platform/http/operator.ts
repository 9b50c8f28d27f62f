import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const RELAY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A caller on this machine (a health check, `.ci/run`, an operator's curl): the socket's own
 * address is loopback and no proxy relayed the request. Never `request.ip`, which with
 * TRUST_PROXY comes from X-Forwarded-For, a header any client writes; and a reverse proxy on
 * the same machine connects from loopback too, but says whom it relays for.
 */
export function isLocal(request: FastifyRequest): boolean {
  const address = request.raw.socket?.remoteAddress ?? '';
  return LOOPBACK.test(address) && RELAY_HEADERS.every((h) => request.headers[h] === undefined);
}

/** Compared as digests, in constant time: the answer's timing tells nothing of the token. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The hospital's operator (not a hospital's staff): a caller on this machine, or one presenting
 * `Authorization: Bearer $OPERATOR_TOKEN` when the server has one. A hospital admin's token is not it.
 */
export function isOperator(request: FastifyRequest, operatorToken: string | undefined): boolean {
  if (isLocal(request)) return true;
  if (!operatorToken) return false;
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return !!match && sameToken(match[1]!, operatorToken);
}
