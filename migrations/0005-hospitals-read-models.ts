import { sql, type Kysely } from 'kysely';

/** The hospitals module's read models: onboarding registrations and the hospital directory. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hospital_registrations (
      registration_id text primary key,
      admin_email text not null,
      hospital_id text not null,
      status text not null check (status in ('pending', 'verified', 'superseded')),
      submitted_at timestamptz not null,
      verified_at timestamptz
    )`.execute(db);
  await sql`create index hospital_registrations_email on hospital_registrations (admin_email, submitted_at desc)`.execute(
    db,
  );
  await sql`
    create table hospitals (
      hospital_id text primary key,
      hospital_code text not null unique,
      name text not null,
      registration_number text not null,
      license_number text not null,
      hospital_number text not null,
      email text not null,
      plan text not null,
      status text not null,
      setup_status text not null,
      admin_user_id text not null,
      registered_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hospitals`.execute(db);
  await sql`drop table hospital_registrations`.execute(db);
}
