import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import type { Db } from '../../../platform/db/database';
import type {
  AccountDisabled,
  AccountProfileChanged,
  PasswordChanged,
  SessionEvent,
  TemporaryPasswordIssued,
} from '../events';

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
      /** The account's credential epoch this session belongs to (see the accounts read model). */
      credential_epoch: number;
    };
    /** Written by the session guard, not a projection: last use of a session, for the idle time-out. */
    identity_session_activity: { session_id: string; last_seen_at: Date };
  }
}

export const SESSIONS_PROJECTION = 'identity-sessions';

async function revokeOpenSessions(
  trx: Trx,
  userId: string,
  at: Date,
  reason: string,
  only: { keep?: string; roleOtherThan?: string } = {},
) {
  let q = trx
    .updateTable('identity_sessions')
    .set({ revoked_at: at, revoke_reason: reason })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (only.keep) q = q.where('session_id', '!=', only.keep);
  if (only.roleOtherThan) q = q.where('role', '!=', only.roleOtherThan);
  await q.execute();
}

/**
 * Open and ended sessions. Besides logout, every credential or role change ends the person's other
 * sessions: a disabled account (deactivated or deleted) and a re-invitation (a new temporary
 * password) end every one, a role change every session of another role, and a password change
 * every session but the one that made it, which moves to the account's new credential epoch. The
 * epoch is what the session guard checks; `revoked_at` says when and why. Inline, so a logout or
 * a deactivation is in force when its command answers.
 */
export const sessionsProjection = defineProjection<
  SessionEvent | PasswordChanged | AccountDisabled | TemporaryPasswordIssued | AccountProfileChanged
>({
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
          credential_epoch: data.credentialEpoch ?? 0,
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
    PasswordChanged: async (trx, { data, revision }) => {
      await revokeOpenSessions(trx, data.userId, new Date(data.at), 'password_changed', { keep: data.sessionId });
      await trx
        .updateTable('identity_sessions')
        .set({ credential_epoch: Number(revision) })
        .where('session_id', '=', data.sessionId)
        .where('user_id', '=', data.userId)
        .execute();
    },
    TemporaryPasswordIssued: async (trx, { data }) =>
      revokeOpenSessions(trx, data.userId, new Date(data.at), 'password_reset'),
    AccountProfileChanged: async (trx, event) =>
      revokeOpenSessions(trx, event.data.userId, new Date(event.metadata.occurredAt), 'role_changed', {
        roleOtherThan: event.data.role,
      }),
    AccountDisabled: async (trx, event) =>
      revokeOpenSessions(trx, event.data.userId, new Date(event.metadata.occurredAt), event.data.reason),
  },
  reset: (trx) => emptyTables(trx, ['identity_sessions']),
});

/**
 * Everything a request's session check needs, in one query: the session, its last use, its
 * account and the account's hospital.
 */
export async function sessionForCheck(db: Db, sessionId: string) {
  return db
    .selectFrom('identity_sessions as s')
    .innerJoin('identity_accounts as a', 'a.user_id', 's.user_id')
    .leftJoin('identity_hospitals as h', 'h.hospital_id', 'a.hospital_id')
    .leftJoin('identity_session_activity as act', 'act.session_id', 's.session_id')
    .select([
      's.user_id',
      's.hospital_id',
      's.expires_at',
      's.revoked_at',
      's.started_at',
      's.credential_epoch as session_epoch',
      'a.credential_epoch',
      'a.must_change_password',
      'act.last_seen_at',
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

/** Records a session's last use (the session guard throttles the calls). */
export async function touchSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db
    .insertInto('identity_session_activity')
    .values({ session_id: sessionId, last_seen_at: at })
    .onConflict((oc) =>
      oc
        .column('session_id')
        .doUpdateSet({ last_seen_at: at })
        .where('identity_session_activity.last_seen_at', '<', at),
    )
    .execute();
}
