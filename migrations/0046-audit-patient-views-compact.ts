import { sql, type Kysely } from 'kysely';

/**
 * Issue 34 §5: one view row per list read, not one per patient it showed. A page of the patient
 * list wrote ten rows with two indexes each (its key and the access report's window) for every
 * read; now it writes one row whose `patient_ids` holds the patients the read showed, found again
 * by "who saw patient X" through a GIN index. The rows carry their entry's window columns as
 * before (migration 0030), so the access report still reads its window as one range of one index
 * and unnests the ids.
 *
 * The per-patient rows already written are converted here, one row per read with every patient it
 * showed; nothing of them is lost. The table stays append-only (migration 1010's trigger) and the
 * app keeps INSERT and SELECT only (app-role.ts, by the table's name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_patient_views_compact (
      hospital_id text not null,
      position bigint not null,
      occurred_at timestamptz not null,
      actor_id text not null,
      actor_name text not null,
      actor_role text not null,
      event_type text not null,
      primary_entry boolean not null,
      patient_ids text[] not null
    )`.execute(db);
  // Every view of a read carries the same entry columns (the projection writes them together).
  await sql`
    insert into audit_patient_views_compact
    select hospital_id, position, min(occurred_at), min(actor_id), min(actor_name), min(actor_role),
           min(event_type), bool_or(primary_entry), array_agg(patient_id order by patient_id)
      from audit_patient_views
     group by hospital_id, position`.execute(db);
  await sql`drop table audit_patient_views`.execute(db);
  await sql`alter table audit_patient_views_compact rename to audit_patient_views`.execute(db);
  await sql`alter table audit_patient_views add constraint audit_patient_views_pkey primary key (position)`.execute(db);
  await sql`create index audit_patient_views_window on audit_patient_views (hospital_id, occurred_at)`.execute(db);
  await sql`create index audit_patient_views_patients on audit_patient_views using gin (patient_ids)`.execute(db);
  await appendOnly(db);
}

/** Migration 1010's triggers, on the new table. */
async function appendOnly(db: Kysely<unknown>): Promise<void> {
  await sql`create trigger audit_patient_views_no_update_delete before update or delete on audit_patient_views
            for each row execute function hms_audit_append_only()`.execute(db);
  await sql`create trigger audit_patient_views_no_truncate before truncate on audit_patient_views
            for each statement execute function hms_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_patient_views_rows (
      hospital_id text not null,
      patient_id text not null,
      position bigint not null,
      occurred_at timestamptz not null,
      actor_id text not null,
      actor_name text not null,
      actor_role text not null,
      event_type text not null,
      primary_entry boolean not null,
      primary key (hospital_id, patient_id, position)
    )`.execute(db);
  await sql`
    insert into audit_patient_views_rows
    select v.hospital_id, p.id, v.position, v.occurred_at, v.actor_id, v.actor_name, v.actor_role,
           v.event_type, v.primary_entry
      from audit_patient_views v cross join lateral unnest(v.patient_ids) as p(id)
    on conflict do nothing`.execute(db);
  await sql`drop table audit_patient_views`.execute(db);
  await sql`alter table audit_patient_views_rows rename to audit_patient_views`.execute(db);
  await sql`alter index audit_patient_views_rows_pkey rename to audit_patient_views_pkey`.execute(db);
  await sql`create index audit_patient_views_window on audit_patient_views (hospital_id, occurred_at)`.execute(db);
  await appendOnly(db);
}
