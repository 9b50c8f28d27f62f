import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import type { MedicationEvent } from '../events';
import { stockStatus } from '../medication';
import { EXPIRING_SOON_DAYS } from '../../../shared/api/pharmacy';

declare module '../../../platform/db/database' {
  interface Database {
    pharmacy_medications: {
      medication_id: string;
      hospital_id: string;
      name: string;
      batch_number: string;
      vendor: string;
      expiry_date: string;
      stock_quantity: number;
      reorder_level: number;
      /** Events of the stream applied: replayed events (version not above it) change nothing. */
      version: number;
      created_at: Date | string;
      updated_at: Date | string;
    };
  }
}

export const MEDICATION_STOCK = 'pharmacy-medication-stock';

const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;

/**
 * Stock moves of distinct batches (a run of a layer, see `independentStreams`), one statement: adds
 * each event's quantity to its batch's stock unless the event is already in the row.
 */
function moveMany(sign: 1 | -1) {
  return async (trx: Trx, events: RecordedEvent<MedicationEvent & { data: { quantity: number } }>[]) => {
    await sql`
      update pharmacy_medications m
         set stock_quantity = m.stock_quantity + v.delta, version = v.version, updated_at = v.at
        from unnest(${events.map((e) => e.data.medicationId)}::text[], ${events.map((e) => sign * e.data.quantity)}::int[],
                    ${events.map(versionAfter)}::int[], ${events.map((e) => e.metadata.occurredAt)}::timestamptz[])
             as v(medication_id, delta, version, at)
       where m.medication_id = v.medication_id and m.version < v.version`.execute(trx);
  };
}

/** Inline: the inventory a pharmacist reloads shows the receipt or dispensation just made. */
export const medicationStockProjection = defineProjection<MedicationEvent>({
  name: MEDICATION_STOCK,
  inline: true,
  handlers: {
    MedicationStocked: async (trx, event) => {
      const d = event.data;
      const at = new Date(event.metadata.occurredAt);
      await trx
        .insertInto('pharmacy_medications')
        .values({
          medication_id: d.medicationId,
          hospital_id: d.hospitalId,
          name: d.name,
          batch_number: d.batchNumber,
          vendor: d.vendor,
          expiry_date: d.expiryDate,
          stock_quantity: d.quantity,
          reorder_level: d.reorderLevel,
          version: versionAfter(event),
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('medication_id').doNothing())
        .execute();
    },
  },
  // A page of a rebuild: a statement per run of a type (an event alone is a run of one). Dispensing
  // is most of a pharmacy's feed.
  batchHandlers: {
    StockReceived: moveMany(1),
    StockAdjusted: moveMany(1),
    MedicationDispensed: moveMany(-1),
  },
  // One row per batch, written only by its own stream's events.
  independentStreams: true,
  reset: (trx) => emptyTables(trx, ['pharmacy_medications']),
});

/** Stock within this many days of expiry is "expiring soon". */
export { EXPIRING_SOON_DAYS };

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

type Row = Selectable<Database['pharmacy_medications']>;

export function toMedicationView(r: Row, today: string) {
  return {
    id: r.medication_id,
    name: r.name,
    batchNumber: r.batch_number,
    vendor: r.vendor,
    expiryDate: r.expiry_date,
    stockQuantity: r.stock_quantity,
    reorderLevel: r.reorder_level,
    status: stockStatus(r.stock_quantity, r.reorder_level),
    expired: r.expiry_date < today,
    // Only stock still on the shelf needs using up (or returning) before it expires.
    expiringSoon: r.stock_quantity > 0 && r.expiry_date >= today && r.expiry_date <= addDays(today, EXPIRING_SOON_DAYS),
    version: r.version,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
export type MedicationView = ReturnType<typeof toMedicationView>;

/** The hospital's stock by name then expiry, with the counts the inventory's metrics show. */
export async function listMedications(db: Db, hospitalId: string, today: string, search?: string) {
  let q = db.selectFrom('pharmacy_medications').selectAll().where('hospital_id', '=', hospitalId);
  if (search) {
    const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, 'like', like),
        eb(sql`lower(batch_number)`, 'like', like),
        eb(sql`lower(vendor)`, 'like', like),
      ]),
    );
  }
  const rows = await q
    .orderBy(sql`lower(name)`)
    .orderBy('expiry_date')
    .orderBy('medication_id')
    .execute();
  const medications = rows.map((r) => toMedicationView(r, today));
  const count = (f: (m: MedicationView) => boolean) => medications.filter(f).length;
  return {
    medications,
    summary: {
      total: medications.length,
      inStock: count((m) => m.status === 'In Stock'),
      lowStock: count((m) => m.status === 'Low Stock'),
      outOfStock: count((m) => m.status === 'Out of Stock'),
      expiringSoon: count((m) => m.expiringSoon),
    },
  };
}

export async function findMedication(db: Db, hospitalId: string, medicationId: string, today: string) {
  const row = await db
    .selectFrom('pharmacy_medications')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('medication_id', '=', medicationId)
    .executeTakeFirst();
  return row ? toMedicationView(row, today) : null;
}

/** Batches of a medication by name (any case), earliest expiry first: where dispensing takes from. */
export async function batchesNamed(db: Db, hospitalId: string, name: string) {
  const rows = await db
    .selectFrom('pharmacy_medications')
    .select(['medication_id', 'expiry_date'])
    .where('hospital_id', '=', hospitalId)
    .where(sql`lower(name)`, '=', name.trim().toLowerCase())
    .orderBy('expiry_date')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({ medicationId: r.medication_id, expiryDate: r.expiry_date }));
}

/** Batches at or under their reorder level (out of stock included): the dashboard's Low Stock Medications. */
export async function countLowStock(db: Db, hospitalId: string): Promise<number> {
  const row = await db
    .selectFrom('pharmacy_medications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('hospital_id', '=', hospitalId)
    .whereRef('stock_quantity', '<=', 'reorder_level')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Batches with stock that expire within `days` (not yet expired), soonest first. */
export async function listExpiringSoon(db: Db, hospitalId: string, today: string, days = EXPIRING_SOON_DAYS) {
  const rows = await db
    .selectFrom('pharmacy_medications')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('stock_quantity', '>', 0)
    .where('expiry_date', '>=', today)
    .where('expiry_date', '<=', addDays(today, days))
    .orderBy('expiry_date')
    .orderBy(sql`lower(name)`)
    .orderBy('medication_id')
    .execute();
  return rows.map((r) => toMedicationView(r, today));
}

/**
 * The Group Medications tab: batches of the same medication (name in any case) together, with
 * their total stock; the group's reorder level is its batches' highest, its status from the total.
 */
export async function listMedicationGroups(db: Db, hospitalId: string) {
  const rows = await db
    .selectFrom('pharmacy_medications')
    .select([
      // The medication's id in the formulary: its first batch's, what a prescription picked from it records.
      sql<string>`min(medication_id)`.as('medicationId'),
      sql<string>`min(name)`.as('name'),
      sql<number>`count(*)::int`.as('batches'),
      // Many bounded batches can add up past a 32-bit integer: float8 reads as an exact JS number.
      sql<number>`sum(stock_quantity)::float8`.as('stockQuantity'),
      sql<number>`max(reorder_level)::int`.as('reorderLevel'),
      sql<string>`min(expiry_date) filter (where stock_quantity > 0)`.as('nextExpiry'),
    ])
    .where('hospital_id', '=', hospitalId)
    .groupBy(sql`lower(name)`)
    .orderBy(sql`lower(name)`)
    .execute();
  return rows.map((r) => ({
    ...r,
    nextExpiry: r.nextExpiry ?? null,
    status: stockStatus(r.stockQuantity, r.reorderLevel),
  }));
}

/** The names the hospital's catalogue knows (lower case, trimmed): what the FHIR export codes medications by. */
export async function catalogueMedicationNames(db: Db, hospitalId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('pharmacy_medications')
    .select(sql<string>`distinct lower(trim(name))`.as('name'))
    .where('hospital_id', '=', hospitalId)
    .execute();
  return new Set(rows.map((r) => r.name));
}

/**
 * The hospital's formulary: each medication the pharmacy keeps, once (its batches together), with
 * the stock on hand. The price list and the doctor's prescription field read it (issue 34 §1).
 */
export async function formularyMedications(db: Db, hospitalId: string) {
  const rows = await db
    .selectFrom('pharmacy_medications')
    .select([
      sql<string>`min(trim(name))`.as('name'),
      sql<string>`lower(trim(name))`.as('key'),
      sql<number>`sum(stock_quantity)::float8`.as('stock'),
    ])
    .where('hospital_id', '=', hospitalId)
    .groupBy(sql`lower(trim(name))`)
    .orderBy(sql`lower(trim(name))`)
    .execute();
  return rows.map((r) => ({ name: r.name, key: r.key, stock: Number(r.stock) }));
}

/** Of `ids`, those that are medications of this hospital's formulary (another hospital's are not). */
export async function formularyIdsOf(db: Db, hospitalId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('pharmacy_medications')
    .select('medication_id')
    .where('hospital_id', '=', hospitalId)
    .where('medication_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.medication_id));
}
