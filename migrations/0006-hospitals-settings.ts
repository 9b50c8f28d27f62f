import { sql, type Kysely } from 'kysely';

/** Hospital settings beyond the onboarding profile (which stays in `hospitals`). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table hospital_settings (
      hospital_id text primary key,
      address text,
      phone text,
      time_zone text not null,
      idle_timeout_minutes integer not null,
      default_consultation_fee numeric not null,
      logo text,
      version integer not null,
      updated_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table hospital_settings`.execute(db);
}
