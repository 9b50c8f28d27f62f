import { sql, type Kysely } from 'kysely';

/**
 * The patient an entry concerns, whatever its subject: a consultation, a prescription, a lab
 * request or a dispensing is about a patient too, and belongs in that patient's history and access
 * report. Filled from the rows already projected (the subject when it is a patient, else the
 * event's `patientId`), the same rule the projection applies from now on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_events add column patient_id text`.execute(db);
  await sql`update audit_events
               set patient_id = case when subject_type = 'patient' then subject_id else data->>'patientId' end
             where subject_type = 'patient' or data ? 'patientId'`.execute(db);
  await sql`create index audit_events_patient on audit_events (hospital_id, patient_id, occurred_at, position)
            where patient_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index audit_events_patient`.execute(db);
  await sql`alter table audit_events drop column patient_id`.execute(db);
}
