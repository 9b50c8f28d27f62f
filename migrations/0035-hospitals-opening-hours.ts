import { sql, type Kysely } from 'kysely';

/** Opening hours in Settings (issue 24): appointments are booked inside them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table hospital_settings add column opens_at text not null default '08:00'`.execute(db);
  await sql`alter table hospital_settings add column closes_at text not null default '18:00'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table hospital_settings drop column opens_at, drop column closes_at`.execute(db);
}
