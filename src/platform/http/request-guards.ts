import type { FastifyInstance, FastifyRequest } from 'fastify';
import { codePointLength, hostileCharacter, RECORD_ID } from '../../shared/text';
import { BadRequest } from './errors';

/**
 * Input every route gets for free, before its own schema runs:
 * - an empty body sent with a JSON content type is no body (the spec's client sends
 *   `Content-Type: application/json` on every call, logout and delete included); a route that
 *   needs a body still answers 400 from its schema;
 * - no string anywhere in the body, query or path may hold a NUL byte, a lone UTF-16 surrogate
 *   or a bidirectional control (PostgreSQL cannot store the first, JSON cannot round-trip the
 *   second, the third makes a record read differently from what it holds), or be longer than
 *   MAX_STRING code points: 400 naming the field, never a 500 or a stuck projection from deep inside;
 * - every path parameter is a record id, and a well-formed one (`RECORD_ID`): anything else is no
 *   record of ours and answers 400 before a handler, a lookup or the access trail sees it.
 */
export const MAX_STRING = 100_000;
export const FORBIDDEN_CHARACTERS = 'Contains characters that are not allowed';
export const TOO_LONG = `Must be at most ${MAX_STRING} characters long`;
export const NOT_AN_ID = 'Not a valid record id';

function badString(value: string, field: string): { field: string; message: string } | null {
  if (value.length > MAX_STRING && codePointLength(value) > MAX_STRING) return { field, message: TOO_LONG };
  return hostileCharacter(value) ? { field, message: FORBIDDEN_CHARACTERS } : null;
}

function findBadString(value: unknown, path: string, depth = 0): { field: string; message: string } | null {
  if (typeof value === 'string') return badString(value, path || 'body');
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (hostileCharacter(key)) return { field: path || 'body', message: FORBIDDEN_CHARACTERS };
    const found = findBadString(inner, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

function findBadId(params: unknown): { field: string; message: string } | null {
  if (params === null || typeof params !== 'object') return null;
  for (const [name, value] of Object.entries(params)) {
    // `*` is a wildcard route's rest of the path (the web app's pages), not a record id.
    if (name === '*') continue;
    if (typeof value !== 'string' || !RECORD_ID.test(value)) return { field: name, message: NOT_AN_ID };
  }
  return null;
}

export function checkRequestStrings(request: FastifyRequest): void {
  for (const part of [request.params, request.query, request.body]) {
    const bad = findBadString(part, '');
    if (bad) throw new BadRequest('Please check your input and try again', [bad]);
  }
  const badId = findBadId(request.params);
  if (badId) throw new BadRequest('Please check your input and try again', [badId]);
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
