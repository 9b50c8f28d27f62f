import { sql, type Kysely } from 'kysely';

/** HMO cover: providers, enrollments, claims, and each invoice's split between the HMO and the patient. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table billing_invoices
      add column hmo_id text,
      add column hmo_name text,
      add column enrollee_number text,
      add column hmo_share_kobo bigint not null default 0,
      add column hmo_paid_kobo bigint not null default 0,
      add column hmo_pending_kobo bigint not null default 0`.execute(db);
  await sql`create index billing_invoices_hmo on billing_invoices (hospital_id, hmo_id, created_on)`.execute(db);
  await sql`alter table billing_payments add column payer text not null default 'patient'`.execute(db);
  await sql`
    create table billing_hmos (
      hmo_id text primary key,
      hospital_id text not null,
      name text not null,
      code text not null,
      contact text,
      coverage_consultation numeric(5,2) not null,
      coverage_medication numeric(5,2) not null,
      coverage_lab numeric(5,2) not null,
      active boolean not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index billing_hmos_hospital on billing_hmos (hospital_id, name)`.execute(db);
  await sql`
    create table billing_enrollments (
      patient_id text primary key,
      hospital_id text not null,
      patient_name text not null,
      hmo_id text not null,
      enrollee_number text not null,
      enrolled_at timestamptz not null
    )`.execute(db);
  await sql`create index billing_enrollments_hmo on billing_enrollments (hospital_id, hmo_id)`.execute(db);
  await sql`
    create table billing_claims (
      claim_id text primary key,
      hospital_id text not null,
      claim_number text not null,
      hmo_id text not null,
      hmo_name text not null,
      month text not null,
      items jsonb not null,
      total_kobo bigint not null,
      paid_kobo bigint not null,
      rejected_kobo bigint not null,
      status text not null,
      submitted_at timestamptz not null,
      submitted_by text not null,
      settled_at timestamptz
    )`.execute(db);
  await sql`create index billing_claims_recent on billing_claims (hospital_id, submitted_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table billing_claims, billing_enrollments, billing_hmos`.execute(db);
  await sql`alter table billing_payments drop column payer`.execute(db);
  await sql`
    alter table billing_invoices drop column hmo_id, drop column hmo_name, drop column enrollee_number,
      drop column hmo_share_kobo, drop column hmo_paid_kobo, drop column hmo_pending_kobo`.execute(db);
}
