import { sql, type Kysely } from 'kysely';

/** The identity module's read models: login accounts, sessions, and its copy of hospital status. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table identity_hospitals (
      hospital_id text primary key,
      hospital_code text not null,
      name text not null,
      status text not null
    )`.execute(db);
  await sql`
    create table identity_accounts (
      user_id text primary key,
      hospital_id text not null,
      kind text not null check (kind in ('admin', 'staff')),
      email text not null,
      password_hash text not null,
      role text not null,
      first_name text not null,
      last_name text not null,
      full_name text not null,
      job_title text,
      employee_id text,
      department text,
      specialization text,
      phone text,
      is_active boolean not null default true,
      deleted boolean not null default false,
      email_verified boolean not null,
      must_change_password boolean not null,
      last_login_at timestamptz,
      previous_login_at timestamptz,
      locked_until timestamptz,
      created_at timestamptz not null
    )`.execute(db);
  // A deleted account keeps its row (its sign-in answers "Account disabled"), but frees its email.
  await sql`create unique index identity_accounts_email on identity_accounts (email) where not deleted`.execute(db);
  await sql`create index identity_accounts_hospital on identity_accounts (hospital_id)`.execute(db);
  await sql`
    create table identity_sessions (
      session_id text primary key,
      user_id text not null,
      hospital_id text not null,
      role text not null,
      via text not null,
      started_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      revoke_reason text
    )`.execute(db);
  await sql`create index identity_sessions_open on identity_sessions (user_id) where revoked_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table identity_sessions`.execute(db);
  await sql`drop table identity_accounts`.execute(db);
  await sql`drop table identity_hospitals`.execute(db);
}
