import { adminLoginEndpoint, staffLoginEndpoint } from '../../../../shared/api/identity';
import { z } from '../../../lib/zod';
import type { SessionUser } from '../../../lib/session';
import { adminToSessionUser, adminUserSchema, staffToSessionUser, staffUserSchema } from '../../../lib/session-user';
import type { SessionKind } from '../../../lib/session-storage';

/**
 * A successful sign-in answer, read with the contracts' schemas, the user leniently (lib/session-user.ts). Loaded
 * while the sign-in request is on its way, so the sign-in pages themselves do not carry zod.
 */
const token = adminLoginEndpoint.data.shape.token.min(1);
const adminAnswer = z.object({ token, user: adminUserSchema });
const staffAnswer = z.object({
  data: staffLoginEndpoint.data.pick({ token: true, user: true }).extend({ token, user: staffUserSchema }),
});

export type SignedIn = { token: string; user: SessionUser };

/** The session in the answer, or null for an answer of the wrong shape. */
export function readLoginAnswer(kind: SessionKind, body: unknown): SignedIn | null {
  if (kind === 'admin') {
    const parsed = adminAnswer.safeParse(body);
    if (!parsed.success) return null;
    // Whether this is the account's first login is the server's `mustChangePassword` (issue 34).
    return { token: parsed.data.token, user: adminToSessionUser(parsed.data.user) };
  }
  const parsed = staffAnswer.safeParse(body);
  if (!parsed.success) return null;
  return { token: parsed.data.data.token, user: staffToSessionUser(parsed.data.data.user) };
}
