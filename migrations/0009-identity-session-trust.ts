import { sql, type Kysely } from 'kysely';

/**
 * Issue 21: sessions the server can end and time out.
 * - `credential_epoch`: the account stream's revision of its last credential or role change
 *   (password set or changed, re-invitation, role change, deactivation). A session is good only
 *   while it carries its account's current epoch, so "change and back" cannot revive a token.
 * - `temporary_password_expires_at`: a temporary password opens no session after it.
 * - `identity_session_activity`: when each session was last used, for the idle time-out. Not a
 *   read model of events (last-seen is no business fact): the session guard writes it, at most
 *   once per session every 30 seconds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table identity_accounts add column credential_epoch integer not null default 0`.execute(db);
  await sql`alter table identity_accounts add column temporary_password_expires_at timestamptz`.execute(db);
  // Temporary passwords issued before expiry existed get the full 72 hours from now.
  await sql`update identity_accounts set temporary_password_expires_at = now() + interval '72 hours'
            where must_change_password`.execute(db);
  await sql`alter table identity_sessions add column credential_epoch integer not null default 0`.execute(db);
  await sql`
    create table identity_session_activity (
      session_id text primary key,
      last_seen_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table identity_session_activity`.execute(db);
  await sql`alter table identity_sessions drop column credential_epoch`.execute(db);
  await sql`alter table identity_accounts drop column temporary_password_expires_at`.execute(db);
  await sql`alter table identity_accounts drop column credential_epoch`.execute(db);
}
