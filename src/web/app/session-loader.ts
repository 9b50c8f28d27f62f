import { adminProfileEndpoint, meEndpoint } from '../../shared/api/identity';
import { pathOf } from '../../shared/api/endpoint';
import { z } from '../lib/zod';
import { request } from '../lib/api-client';
import type { SessionUser } from '../lib/session';
import { adminToSessionUser, adminUserSchema, staffToSessionUser, staffUserSchema } from '../lib/session-user';

// The contracts' answers, their users read leniently (lib/session-user.ts): a session outlives a field it can spare.
const profileAnswer = z.object({ data: adminProfileEndpoint.data.extend({ admin: adminUserSchema }) });
const meAnswer = z.object({ data: meEndpoint.data.pick({ user: true }).extend({ user: staffUserSchema }) });

/** Who owns the stored token (product-spec-2 §4 "Authentication on load"). */
export async function loadSessionUser(kind: 'admin' | 'user', signal?: AbortSignal): Promise<SessionUser> {
  if (kind === 'admin') {
    const body = profileAnswer.parse(await request<unknown>(pathOf(adminProfileEndpoint), { signal }));
    return adminToSessionUser(body.data.admin);
  }
  const body = meAnswer.parse(await request<unknown>(pathOf(meEndpoint), { signal }));
  return staffToSessionUser(body.data.user);
}
