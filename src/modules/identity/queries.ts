import type { Db } from '../../platform/db/database';
import { findAccount } from './read-models/accounts';

/** Whether the account exists (provisioned), for flows that resume an interrupted onboarding. */
export async function accountExists(db: Db, userId: string): Promise<boolean> {
  return (await findAccount(db, userId)) !== undefined;
}

/** Where a staff account's invitation stands: sent, failed (with why), or not yet known. */
export async function invitationStatus(
  db: Db,
  userId: string,
): Promise<{ status: 'sent' | 'failed' | 'pending'; error: string | null }> {
  const account = await findAccount(db, userId);
  return { status: account?.invitation_status ?? 'pending', error: account?.invitation_error ?? null };
}

/** Whether the onboarding verification already opened the admin's first session. */
export async function verificationSessionStarted(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('identity_sessions')
    .select('session_id')
    .where('user_id', '=', userId)
    .where('via', '=', 'verification')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * When each of `userIds` last signed in (null: not yet), for their hospital's users list. An
 * account whose address signs in to another hospital's account never signs in (issue 33), so it
 * reads as any new member who has not signed in yet.
 */
export async function lastSignIns(db: Db, userIds: readonly string[]): Promise<Map<string, Date | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('identity_accounts')
    .select(['user_id', 'last_login_at'])
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.last_login_at]));
}
