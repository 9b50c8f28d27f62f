import { sql, type Kysely } from 'kysely';

/**
 * Identity owns credentials and email uniqueness: accounts are built from identity's own events
 * only. A staff account exists before its temporary password does (the invitation reactor issues
 * it), an onboarding admin's password waits in `identity_pending_credentials` until verification,
 * and email uniqueness lives in the reservation streams, not in a read-model index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table identity_accounts alter column password_hash drop not null`.execute(db);
  await sql`alter table identity_accounts add column invitation_status text`.execute(db);
  await sql`alter table identity_accounts add column invitation_error text`.execute(db);
  await sql`alter table identity_accounts add column closed boolean not null default false`.execute(db);
  await sql`drop index identity_accounts_email`.execute(db);
  await sql`create index identity_accounts_email on identity_accounts (email)`.execute(db);
  await sql`
    create table identity_pending_credentials (
      user_id text primary key,
      email text not null,
      registration_id text not null,
      password_hash text not null,
      staged_at timestamptz not null
    )`.execute(db);
  await sql`create index identity_pending_credentials_email on identity_pending_credentials (email, staged_at desc)`.execute(
    db,
  );
  // The identity read models are rebuilt from identity's own events from now on.
  await sql`delete from identity_accounts`.execute(db);
  await sql`delete from identity_sessions`.execute(db);
  await sql`delete from identity_hospitals`.execute(db);
  await sql`delete from projection_checkpoints where name in ('identity-accounts', 'identity-sessions')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table identity_pending_credentials`.execute(db);
  await sql`alter table identity_accounts drop column closed`.execute(db);
  await sql`alter table identity_accounts drop column invitation_error`.execute(db);
  await sql`alter table identity_accounts drop column invitation_status`.execute(db);
}
