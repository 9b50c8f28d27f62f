import { z } from '../lib/zod';
import { request } from '../lib/api-client';
import type { SessionUser } from '../lib/session';
import { adminToSessionUser, adminUserSchema, staffToSessionUser, staffUserSchema } from '../lib/session-user';

const profileAnswer = z.object({ data: z.object({ admin: adminUserSchema }) });
const meAnswer = z.object({ data: z.object({ user: staffUserSchema }) });

/** Who owns the stored token (product-spec-2 §4 "Authentication on load"). */
export async function loadSessionUser(kind: 'admin' | 'user', signal?: AbortSignal): Promise<SessionUser> {
  if (kind === 'admin') {
    const body = profileAnswer.parse(await request<unknown>('admin/profile', { signal }));
    return adminToSessionUser(body.data.admin);
  }
  const body = meAnswer.parse(await request<unknown>('auth/me', { signal }));
  return staffToSessionUser(body.data.user);
}
