import { sql, type Kysely } from 'kysely';

/** Billing's read models: invoices, payments (the receipts), recent activity and the price list. Money in kobo. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table billing_invoices (
      invoice_id text primary key,
      hospital_id text not null,
      patient_id text not null,
      patient_name text not null,
      consultation_id text,
      doctor_name text,
      lines jsonb not null,
      total_kobo bigint not null,
      paid_kobo bigint not null,
      status text not null,
      void_reason text,
      created_at timestamptz not null,
      created_on text not null,
      updated_at timestamptz not null,
      version integer not null
    )`.execute(db);
  await sql`create index billing_invoices_recent on billing_invoices (hospital_id, created_at desc)`.execute(db);
  await sql`create index billing_invoices_patient on billing_invoices (hospital_id, patient_id)`.execute(db);
  await sql`create index billing_invoices_status on billing_invoices (hospital_id, status, created_at)`.execute(db);
  await sql`
    create table billing_payments (
      payment_id text primary key,
      hospital_id text not null,
      invoice_id text not null,
      patient_id text not null,
      patient_name text not null,
      amount_kobo bigint not null,
      method text not null,
      reference text,
      receipt_number text not null,
      received_by text not null,
      received_at timestamptz not null,
      received_on text not null,
      idempotency_key text
    )`.execute(db);
  await sql`create index billing_payments_day on billing_payments (hospital_id, received_on, method)`.execute(db);
  await sql`create index billing_payments_invoice on billing_payments (invoice_id)`.execute(db);
  await sql`
    create table billing_activity (
      event_id text primary key,
      hospital_id text not null,
      at timestamptz not null,
      activity_type text not null,
      description text not null,
      performed_by text not null,
      invoice_id text
    )`.execute(db);
  await sql`create index billing_activity_recent on billing_activity (hospital_id, at desc)`.execute(db);
  await sql`
    create table billing_prices (
      hospital_id text not null,
      kind text not null,
      key text not null,
      name text not null,
      price_kobo bigint not null,
      primary key (hospital_id, kind, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table billing_prices, billing_activity, billing_payments, billing_invoices`.execute(db);
}
