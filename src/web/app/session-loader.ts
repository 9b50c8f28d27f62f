import { adminProfileEndpoint, meEndpoint } from '../../shared/api/identity';
import { pathOf } from '../../shared/api/endpoint';
import { z } from '../lib/zod';
import { request } from '../lib/api-client';
import type { SessionUser } from '../lib/session';
import { adminToSessionUser, adminUserSchema, staffToSessionUser, staffUserSchema } from '../lib/session-user';

// The contracts' answers, their users read leniently (lib/session-user.ts): a session outlives a field it can spare.
const profileAnswer = z.object({ data: adminProfileEndpoint.data.extend({ admin: adminUserSchema }) });
const meAnswer = z.object({ data: meEndpoint.data.pick({ user: true }).extend({ user: staffUserSchema }) });

/** The answer of GET /admin/profile (admin) or GET /auth/me (staff), read into the signed-in person. */
export function readSessionUser(kind: 'admin' | 'user', body: unknown): SessionUser {
  if (kind === 'admin') return adminToSessionUser(profileAnswer.parse(body).data.admin);
  return staffToSessionUser(meAnswer.parse(body).data.user);
}

/** Who owns the stored token (product-spec-2 §4 "Authentication on load"). */
export async function loadSessionUser(kind: 'admin' | 'user', signal?: AbortSignal): Promise<SessionUser> {
  const path = pathOf(kind === 'admin' ? adminProfileEndpoint : meEndpoint);
  return readSessionUser(kind, await request<unknown>(path, { signal }));
}
