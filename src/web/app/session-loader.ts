import { z } from '../lib/zod';
import { request } from '../lib/api-client';
import type { SessionUser } from '../lib/session';
import { adminToSessionUser, adminUserSchema, staffToSessionUser, staffUserSchema } from '../lib/session-user';

const profileAnswer = z.object({ data: z.object({ admin: adminUserSchema }) });
const meAnswer = z.object({ data: z.object({ user: staffUserSchema }) });

/** Where the owner of a stored token is asked for (product-spec-2 §4 "Authentication on load"). */
export const sessionUserPath = (kind: 'admin' | 'user') => (kind === 'admin' ? 'admin/profile' : 'auth/me');

/** The answer of `sessionUserPath(kind)`, read into the signed-in person. */
export function readSessionUser(kind: 'admin' | 'user', body: unknown): SessionUser {
  if (kind === 'admin') return adminToSessionUser(profileAnswer.parse(body).data.admin);
  return staffToSessionUser(meAnswer.parse(body).data.user);
}

/** Who owns the stored token (product-spec-2 §4 "Authentication on load"). */
export async function loadSessionUser(kind: 'admin' | 'user', signal?: AbortSignal): Promise<SessionUser> {
  return readSessionUser(kind, await request<unknown>(sessionUserPath(kind), { signal }));
}
