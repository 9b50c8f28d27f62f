import { sql, type Kysely } from 'kysely';

/**
 * The consultations read model: one row per consultation (the record as the doctor wrote it, and
 * its medications with their dispensed flags), and one row per dispensation for the pharmacy's
 * dashboard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table consultations (
      consultation_id text primary key,
      hospital_id text not null,
      patient_id text not null,
      patient_name text not null,
      doctor_id text not null,
      doctor_name text not null,
      primary_diagnosis text not null,
      recorded_at timestamptz not null,
      record jsonb not null,
      medications jsonb not null,
      has_pending boolean not null,
      version integer not null
    )`.execute(db);
  await sql`create index consultations_patient on consultations (hospital_id, patient_id, recorded_at desc)`.execute(
    db,
  );
  await sql`create index consultations_pending on consultations (hospital_id, recorded_at desc)
            where has_pending`.execute(db);
  await sql`
    create table prescription_dispensations (
      event_id text primary key,
      hospital_id text not null,
      consultation_id text not null,
      patient_id text not null,
      patient_name text not null,
      prescribed_by text not null,
      dispensed_by text not null,
      items jsonb not null,
      item_count integer not null,
      dispensed_at timestamptz not null,
      dispensed_on text not null
    )`.execute(db);
  await sql`create index prescription_dispensations_recent on prescription_dispensations
            (hospital_id, dispensed_at desc)`.execute(db);
  await sql`create index prescription_dispensations_day on prescription_dispensations
            (hospital_id, dispensed_on)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table prescription_dispensations`.execute(db);
  await sql`drop table consultations`.execute(db);
}
