import { sql, type Kysely } from 'kysely';

/**
 * Issue 21: sign-in locks per client address. `identity_sign_in_locks` holds each lock by subject
 * (an account's user id, or `email:<address>` for an e-mail that names no account, so a lock
 * answers the same whether the account exists) and address; `identity_sign_in_failures` counts
 * the failures of e-mails that name no account (an account's own are in its stream).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity_sign_in_locks (
      subject text not null,
      ip text not null,
      locked_until timestamptz not null,
      primary key (subject, ip)
    )`.execute(db);
  await sql`
    create table identity_sign_in_failures (
      event_id text primary key,
      email text not null,
      ip text not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index identity_sign_in_failures_key on identity_sign_in_failures (email, ip, at)`.execute(db);
  // Account-wide locks from before hold every address until they end.
  await sql`
    insert into identity_sign_in_locks (subject, ip, locked_until)
    select user_id, '*', locked_until from identity_accounts where locked_until > now()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table identity_sign_in_failures`.execute(db);
  await sql`drop table identity_sign_in_locks`.execute(db);
}
