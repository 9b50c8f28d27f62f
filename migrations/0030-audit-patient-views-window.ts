import { sql, type Kysely } from 'kysely';

/**
 * The access report's window over list reads. Its "listed" half filtered `audit_patient_views` by
 * the time of the entry that showed the patient, which lives in `audit_events`: PostgreSQL hashed
 * every view of the hospital to join the window's entries (1.0 s at 2 M views for a one-hour window,
 * against 0.09 s walking the window). The view now carries what the report reads of its entry (when,
 * who, what, whether it is the commit's shown entry), so the window is one range of one index and no
 * join. Written by the audit-trail projection beside the view itself; filled here from the entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table audit_patient_views
      add column occurred_at timestamptz,
      add column actor_id text,
      add column actor_name text,
      add column actor_role text,
      add column event_type text,
      add column primary_entry boolean`.execute(db);
  await sql`
    update audit_patient_views v
       set occurred_at = a.occurred_at, actor_id = a.actor_id, actor_name = a.actor_name,
           actor_role = a.actor_role, event_type = a.event_type, primary_entry = a.primary_entry
      from audit_events a
     where a.position = v.position`.execute(db);
  // A view whose entry is gone cannot be reported on; none exists (the same projection writes both).
  await sql`delete from audit_patient_views where occurred_at is null`.execute(db);
  for (const column of ['occurred_at', 'actor_id', 'actor_name', 'actor_role', 'event_type', 'primary_entry']) {
    await sql`alter table audit_patient_views alter column ${sql.ref(column)} set not null`.execute(db);
  }
  await sql`create index audit_patient_views_window on audit_patient_views (hospital_id, occurred_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_patient_views_window`.execute(db);
  await sql`
    alter table audit_patient_views
      drop column occurred_at, drop column actor_id, drop column actor_name,
      drop column actor_role, drop column event_type, drop column primary_entry`.execute(db);
}
