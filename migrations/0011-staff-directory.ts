import { sql, type Kysely } from 'kysely';

/**
 * Read models of the staff module: the directory behind the users list and stats, and each
 * hospital's plan (from HospitalRegistered and HospitalPlanChanged) for the user limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table staff_directory (
      user_id text primary key,
      hospital_id text not null,
      employee_id text not null,
      first_name text not null,
      last_name text not null,
      email text not null,
      role text not null,
      is_active boolean not null,
      department text,
      specialization text,
      phone text,
      version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index staff_directory_hospital on staff_directory (hospital_id, created_at desc)`.execute(db);
  await sql`
    create table staff_hospital_plans (
      hospital_id text primary key,
      plan text not null,
      updated_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table staff_hospital_plans`.execute(db);
  await sql`drop table staff_directory`.execute(db);
}
