import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REGISTRATION_TTL_MS } from './applicant-mailbox';

/**
 * The registration answer binds the browser to its own registration (issue 33): an HttpOnly,
 * SameSite=Strict cookie holding the registration's random id, sent back only to the
 * registration routes. A code then verifies only the registration of the browser that asked for
 * it, so a stranger who registers the owner's address first (or at the same instant, or again
 * later) never gets their password activated by the owner's code, and a code typed into another
 * registration's browser does nothing. Same-origin calls carry the cookie without any script.
 */
export const REGISTRATION_COOKIE = 'hms_registration';
const COOKIE_PATH = '/api/hospital';
const ID = /^[0-9a-f-]{36}$/;

export function bindRegistration(reply: FastifyReply, registrationId: string, publicUrl: string): void {
  const secure = publicUrl.startsWith('https:') ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${REGISTRATION_COOKIE}=${registrationId}; Path=${COOKIE_PATH}; Max-Age=${REGISTRATION_TTL_MS / 1000}; HttpOnly; SameSite=Strict${secure}`,
  );
}

/** The registration id this browser was bound to, or null (no cookie, or not an id we issue). */
export function boundRegistration(request: FastifyRequest): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== REGISTRATION_COOKIE) continue;
    const value = rest.join('=').trim();
    if (ID.test(value)) return value;
  }
  return null;
}

/** An id that stands for a registration when none is stored (an address with an account, a throttled one). */
export const standInRegistrationId = (): string => randomUUID();
