import { sql, type Kysely } from 'kysely';

/**
 * Issue 34 §4: the trail's action filter finds every event of its kind, whichever command's commit
 * it rode in (a status change made by a consultation or by lab results is not its commit's shown
 * entry), and the grouped reads walk the reads newest first. Both read by type and time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists audit_events_by_type
            on audit_events (hospital_id, event_type, occurred_at desc, position desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists audit_events_by_type`.execute(db);
}
