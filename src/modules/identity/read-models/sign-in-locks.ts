import type { Db } from '../../../platform/db/database';
import { defineProjection, emptyTables } from '../../../platform/projections/projection';
import { EVERY_ADDRESS, LOCKOUT_DURATION_MS, LOCKOUT_THRESHOLD, LOCKOUT_WINDOW_MS } from '../account';
import type { AccountLocked, LoginSucceeded, SignInFailed } from '../events';

declare module '../../../platform/db/database' {
  interface Database {
    identity_sign_in_locks: { subject: string; ip: string; locked_until: Date };
    identity_sign_in_failures: { event_id: string; email: string; ip: string; at: Date };
  }
}

export const SIGN_IN_LOCKS_PROJECTION = 'identity-sign-in-locks';

/** The lock subject of an e-mail that names no account (an account's is its user id). */
export const unknownEmailSubject = (email: string) => `email:${email}`;

/**
 * Sign-in locks by subject and client address (issue 21). An account's locks come from its own
 * stream (AccountLocked, ended by a LoginSucceeded from that address). An e-mail that names no
 * account is locked the same way, by the same rule over its SignInFailed events from one
 * address, so whether a sign-in is locked (423) says nothing about whether the account exists.
 * Inline: a lock is in force for the next attempt.
 */
export const signInLocksProjection = defineProjection<AccountLocked | LoginSucceeded | SignInFailed>({
  name: SIGN_IN_LOCKS_PROJECTION,
  inline: true,
  handlers: {
    AccountLocked: async (trx, { data }) => {
      const lockedUntil = new Date(data.lockedUntil);
      await trx
        .insertInto('identity_sign_in_locks')
        .values({ subject: data.userId, ip: data.ip ?? EVERY_ADDRESS, locked_until: lockedUntil })
        .onConflict((oc) => oc.columns(['subject', 'ip']).doUpdateSet({ locked_until: lockedUntil }))
        .execute();
    },
    LoginSucceeded: async (trx, { data }) => {
      let q = trx.deleteFrom('identity_sign_in_locks').where('subject', '=', data.userId);
      if (data.ip !== undefined) q = q.where('ip', '=', data.ip);
      await q.execute();
    },
    SignInFailed: async (trx, event) => {
      if (event.data.reason !== 'unknown_email') return;
      const { email } = event.data;
      const ip = event.metadata.ip ?? '';
      const at = new Date(event.data.at);
      const inserted = await trx
        .insertInto('identity_sign_in_failures')
        .values({ event_id: event.id, email, ip, at })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      const windowStart = new Date(at.getTime() - LOCKOUT_WINDOW_MS);
      await trx
        .deleteFrom('identity_sign_in_failures')
        .where('email', '=', email)
        .where('ip', '=', ip)
        .where('at', '<=', windowStart)
        .execute();
      const recent = await trx
        .selectFrom('identity_sign_in_failures')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('email', '=', email)
        .where('ip', '=', ip)
        .where('at', '>', windowStart)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) < LOCKOUT_THRESHOLD) return;
      // Locked: like an account's AccountLocked, the counted failures start again after it.
      const lockedUntil = new Date(at.getTime() + LOCKOUT_DURATION_MS);
      await trx
        .insertInto('identity_sign_in_locks')
        .values({ subject: unknownEmailSubject(email), ip, locked_until: lockedUntil })
        .onConflict((oc) => oc.columns(['subject', 'ip']).doUpdateSet({ locked_until: lockedUntil }))
        .execute();
      await trx.deleteFrom('identity_sign_in_failures').where('email', '=', email).where('ip', '=', ip).execute();
    },
  },
  reset: (trx) => emptyTables(trx, ['identity_sign_in_locks', 'identity_sign_in_failures']),
});

/** Until when sign-ins for `subject` from `ip` are locked (its own lock or one of every address). */
export async function lockedUntil(db: Db, subject: string, ip: string): Promise<Date | null> {
  const row = await db
    .selectFrom('identity_sign_in_locks')
    .select((eb) => eb.fn.max('locked_until').as('until'))
    .where('subject', '=', subject)
    .where('ip', 'in', [ip, EVERY_ADDRESS])
    .executeTakeFirst();
  return row?.until ? new Date(row.until) : null;
}
