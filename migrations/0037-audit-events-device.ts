import { sql, type Kysely } from 'kysely';

/**
 * The device an entry's command was done on and when it was done there (issue 25: work an offline
 * device queued and sent later). `occurred_at` stays the server's time, when it accepted it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_events add column device_id text, add column device_time timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_events drop column device_id, drop column device_time`.execute(db);
}
