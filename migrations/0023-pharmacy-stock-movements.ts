import { sql, type Kysely } from 'kysely';

/**
 * The pharmacy's stock movements: one row per stock event (a batch stocked, a receipt, an
 * adjustment, a dispensation), dated in the hospital's day, for the pharmacist's reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pharmacy_stock_movements (
      event_id text primary key,
      hospital_id text not null,
      medication_id text not null,
      kind text not null,
      quantity integer not null,
      occurred_at timestamptz not null,
      occurred_on text not null,
      consultation_id text,
      patient_id text
    )`.execute(db);
  await sql`create index pharmacy_stock_movements_day on pharmacy_stock_movements
            (hospital_id, occurred_on, medication_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table pharmacy_stock_movements`.execute(db);
}
