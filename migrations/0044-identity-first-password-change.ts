import { sql, type Kysely } from 'kysely';

/**
 * Issue 34 §3: the admin's forced first-login password change, known by the server instead of a
 * flag on one device. `password_change_due` is set for an admin account when it is provisioned and
 * cleared by a password change or by the account's second sign-in (its first one is "the first
 * login", wherever it happened). Staff keep `must_change_password` (a temporary password).
 * Accounts made before it: an admin who never changed the password and never signed in twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table identity_accounts add column password_change_due boolean not null default false`.execute(db);
  await sql`update identity_accounts set password_change_due = true
            where kind = 'admin' and credential_epoch = 0 and previous_login_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table identity_accounts drop column password_change_due`.execute(db);
}
