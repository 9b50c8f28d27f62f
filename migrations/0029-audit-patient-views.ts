import { sql, type Kysely } from 'kysely';

/**
 * The patients a list read showed (a patient list, a search, a queue, a report): one row per entry
 * and patient, so "who saw patient X" is one indexed look-up for list views as for a record opened
 * on its own (`audit_events.patient_id`). Written by the audit-trail projection; list reads were not
 * recorded before, so there is nothing to fill from the rows already projected.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_patient_views (
      hospital_id text not null,
      patient_id text not null,
      position bigint not null,
      primary key (hospital_id, patient_id, position)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_patient_views`.execute(db);
}
