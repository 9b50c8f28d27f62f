import { sql, type Kysely } from 'kysely';

/** The pharmacy's stock read model: one row per stocked batch, its quantity kept by the projection. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table pharmacy_medications (
      medication_id text primary key,
      hospital_id text not null,
      name text not null,
      batch_number text not null,
      vendor text not null,
      expiry_date text not null,
      stock_quantity integer not null,
      reorder_level integer not null,
      version integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  // Dispensing looks a medication up by name (any case), earliest expiry first.
  await sql`create index pharmacy_medications_name on pharmacy_medications
            (hospital_id, lower(name), expiry_date, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table pharmacy_medications`.execute(db);
}
