import { sql, type Kysely } from 'kysely';

/** The patients module's list read model. Dates of birth are ISO dates (YYYY-MM-DD) kept as text. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table patients_list (
      patient_id text primary key,
      hospital_id text not null,
      first_name text not null,
      last_name text not null,
      date_of_birth text not null,
      gender text not null,
      phone_number text not null,
      address text not null,
      identification_number text not null,
      emergency_contact_name text,
      emergency_contact_relationship text,
      emergency_contact_phone text,
      status text not null,
      registered_at timestamptz not null,
      registered_on text not null,
      version integer not null
    )`.execute(db);
  await sql`create index patients_list_hospital on patients_list (hospital_id, registered_at desc)`.execute(db);
  await sql`create index patients_list_hospital_status on patients_list (hospital_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table patients_list`.execute(db);
}
