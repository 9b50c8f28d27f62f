import { sql, type Kysely } from 'kysely';

/** The appointment book (issue 24): one row per appointment, written by its inline projection. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table appointments (
      appointment_id text primary key,
      hospital_id text not null,
      patient_id text not null,
      patient_name text not null,
      doctor_id text,
      doctor_name text,
      date text not null,
      time_zone text not null,
      time text not null,
      starts_at timestamptz not null,
      duration_minutes integer not null,
      reason text not null,
      contact_email text,
      contact_phone text,
      status text not null,
      cancel_reason text,
      checked_in_at timestamptz,
      consultation_id text,
      reminded_at timestamptz,
      booked_by text not null,
      booked_at timestamptz not null,
      version integer not null,
      updated_at timestamptz not null
    )`.execute(db);
  // The day view (a hospital's day, by doctor and time) and the sweeps (booked, by date).
  await sql`create index appointments_day on appointments (hospital_id, date, starts_at)`.execute(db);
  await sql`create index appointments_open on appointments (date) where status = 'booked'`.execute(db);
  await sql`create index appointments_patient on appointments (patient_id, date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table appointments`.execute(db);
}
