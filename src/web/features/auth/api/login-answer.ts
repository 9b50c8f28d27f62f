import { z } from '../../../lib/zod';
import type { SessionUser } from '../../../lib/session';
import { adminToSessionUser, adminUserSchema, staffToSessionUser, staffUserSchema } from '../../../lib/session-user';
import type { SessionKind } from '../../../lib/session-storage';

/**
 * A successful sign-in answer, read with zod. Loaded while the sign-in request is on its way, so
 * the sign-in pages themselves do not carry zod.
 */
const adminAnswer = z.object({ token: z.string().min(1), user: adminUserSchema });
const staffAnswer = z.object({ data: z.object({ token: z.string().min(1), user: staffUserSchema }) });

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
