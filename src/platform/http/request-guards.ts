import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequest } from './errors';

/**
 * Input every route gets for free, before its own schema runs:
 * - an empty body sent with a JSON content type is no body (the spec's client sends
 *   `Content-Type: application/json` on every call, logout and delete included); a route that
 *   needs a body still answers 400 from its schema;
 * - no string anywhere in the body, query or path may hold a NUL byte or a lone UTF-16
 *   surrogate (PostgreSQL cannot store the first, JSON cannot round-trip the second), or be
 *   longer than MAX_STRING: 400 naming the field, never a 500 from deep inside.
 */
export const MAX_STRING = 100_000;
export const FORBIDDEN_CHARACTERS = 'Contains characters that are not allowed';
export const TOO_LONG = `Must be at most ${MAX_STRING} characters long`;

// A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding the NUL byte is the point
const BAD = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function findBadString(value: unknown, path: string, depth = 0): { field: string; message: string } | null {
  if (typeof value === 'string') {
    if (value.length > MAX_STRING) return { field: path || 'body', message: TOO_LONG };
    return BAD.test(value) ? { field: path || 'body', message: FORBIDDEN_CHARACTERS } : null;
  }
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (BAD.test(key)) return { field: path || 'body', message: FORBIDDEN_CHARACTERS };
    const found = findBadString(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

export function checkRequestStrings(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const bad = findBadString(part, '');
    if (bad) throw new BadRequest('Please check your input and try again', [bad]);
  }
}

export function installRequestGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    return parseJson(request, body.toString(), done);
  });
  app.addHook('preValidation', async (request) => checkRequestStrings(request));
}
