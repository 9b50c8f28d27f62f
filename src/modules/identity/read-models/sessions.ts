import { defineProjection, type Trx } from '../../../platform/projections/projection';
import type { Db } from '../../../platform/db/database';
import type { AccountDisabled, PasswordChanged, SessionEvent } from '../events';

declare module '../../../platform/db/database' {
  interface Database {
    identity_sessions: {
      session_id: string;
      user_id: string;
      hospital_id: string;
      role: string;
      via: string;
      started_at: Date;
      expires_at: Date;
      revoked_at: Date | null;
      revoke_reason: string | null;
    };
  }
}

export const SESSIONS_PROJECTION = 'identity-sessions';

async function revokeOpenSessions(trx: Trx, userId: string, at: Date, reason: string, keep?: string) {
  let q = trx
    .updateTable('identity_sessions')
    .set({ revoked_at: at, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keep) q = q.where('session_id', '!=', keep);
  await q.execute();
}

/**
 * Open and ended sessions. Besides logout, a disabled account (deactivated or deleted) ends every
 * session of that user, and a password change every session but the one that made it. Inline, so
 * a logout or a deactivation is in force when its command answers.
 */
export const sessionsProjection = defineProjection<SessionEvent | PasswordChanged | AccountDisabled>({
  name: SESSIONS_PROJECTION,
  inline: true,
  handlers: {
    SessionStarted: async (trx, { data }) => {
      await trx
        .insertInto('identity_sessions')
        .values({
          session_id: data.sessionId,
          user_id: data.userId,
          hospital_id: data.hospitalId,
          role: data.role,
          via: data.via,
          started_at: new Date(data.startedAt),
          expires_at: new Date(data.expiresAt),
          revoked_at: null,
          revoke_reason: null,
        })
        .onConflict((oc) => oc.column('session_id').doNothing())
        .execute();
    },
    LoggedOut: async (trx, { data }) => {
      await trx
        .updateTable('identity_sessions')
        .set({ revoked_at: new Date(data.at), revoke_reason: 'logged_out' })
        .where('session_id', '=', data.sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    SessionRevoked: async (trx, { data }) => {
      await trx
        .updateTable('identity_sessions')
        .set({ revoked_at: new Date(data.at), revoke_reason: data.reason })
        .where('session_id', '=', data.sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },
    PasswordChanged: async (trx, { data }) =>
      revokeOpenSessions(trx, data.userId, new Date(data.at), 'password_changed', data.sessionId),
    AccountDisabled: async (trx, event) =>
      revokeOpenSessions(trx, event.data.userId, new Date(event.metadata.occurredAt), event.data.reason),
  },
  reset: async (trx) => {
    await trx.deleteFrom('identity_sessions').execute();
  },
});

/**
 * Everything a request's session check needs, in one query: the session, its account and the
 * account's hospital.
 */
export async function sessionForCheck(db: Db, sessionId: string) {
  return db
    .selectFrom('identity_sessions as s')
    .innerJoin('identity_accounts as a', 'a.user_id', 's.user_id')
    .leftJoin('identity_hospitals as h', 'h.hospital_id', 'a.hospital_id')
    .select([
      's.user_id',
      's.hospital_id',
      's.expires_at',
      's.revoked_at',
      'a.role',
      'a.is_active',
      'a.deleted',
      'a.full_name',
      'a.hospital_id as account_hospital_id',
      'h.status as hospital_status',
    ])
    .where('s.session_id', '=', sessionId)
    .executeTakeFirst();
}
