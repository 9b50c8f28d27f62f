import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { stockStatus } from '../medication';

/**
 * The pharmacist's reports (/user/report). A medication is its batches together (name in any
 * case), as on the inventory's Group Medications tab. A period is two hospital days (YYYY-MM-DD,
 * in the hospital's time zone), both included.
 */
export type Period = { from: string; to: string };

const nameKey = sql<string>`lower(m.name)`;
// Sums are read as float8 (a JS number, exact far beyond any stock): a batch is bounded, but many
// batches or a month of receipts can add up past a 32-bit integer, which ::int would refuse.

/** Per medication: how much was dispensed in the period, on how many prescriptions, to how many patients. */
export async function dispensingReport(db: Db, hospitalId: string, period: Period) {
  const dispensed = db
    .selectFrom('pharmacy_stock_movements as s')
    .innerJoin('pharmacy_medications as m', 'm.medication_id', 's.medication_id')
    .where('s.hospital_id', '=', hospitalId)
    .where('m.hospital_id', '=', hospitalId)
    .where('s.kind', '=', 'dispensed')
    .where('s.occurred_on', '>=', period.from)
    .where('s.occurred_on', '<=', period.to);
  const figures = {
    quantity: sql<number>`coalesce(sum(-s.quantity), 0)::float8`,
    prescriptions: sql<number>`count(distinct s.consultation_id)::int`,
    patients: sql<number>`count(distinct s.patient_id)::int`,
  };
  const [rows, totals] = await Promise.all([
    dispensed
      .select([
        sql<string>`min(m.name)`.as('name'),
        figures.quantity.as('quantity'),
        figures.prescriptions.as('prescriptions'),
        figures.patients.as('patients'),
      ])
      .groupBy(nameKey)
      .orderBy(nameKey)
      .execute(),
    dispensed
      .select([
        figures.quantity.as('quantity'),
        figures.prescriptions.as('prescriptions'),
        figures.patients.as('patients'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { ...period, rows, totals };
}
export type DispensingReport = Awaited<ReturnType<typeof dispensingReport>>;

/**
 * Per medication: stock on hand now (and how much of it has expired), what came in, was adjusted
 * and went out in the period, its reorder level and status, and the nearest expiry of a batch
 * that still holds stock. Every medication the hospital stocks is listed, moved or not.
 */
export async function stockReport(db: Db, hospitalId: string, period: Period, today: string) {
  const [stock, moves] = await Promise.all([
    db
      .selectFrom('pharmacy_medications as m')
      .select([
        nameKey.as('key'),
        sql<string>`min(m.name)`.as('name'),
        sql<number>`count(*)::int`.as('batches'),
        sql<number>`sum(m.stock_quantity)::float8`.as('onHand'),
        sql<number>`coalesce(sum(m.stock_quantity) filter (where m.expiry_date < ${today}), 0)::float8`.as(
          'expiredOnHand',
        ),
        sql<number>`max(m.reorder_level)::int`.as('reorderLevel'),
        sql<string | null>`min(m.expiry_date) filter (where m.stock_quantity > 0)`.as('nearestExpiry'),
      ])
      .where('m.hospital_id', '=', hospitalId)
      .groupBy(nameKey)
      .orderBy(nameKey)
      .execute(),
    db
      .selectFrom('pharmacy_stock_movements as s')
      .innerJoin('pharmacy_medications as m', 'm.medication_id', 's.medication_id')
      .select([
        nameKey.as('key'),
        sql<number>`coalesce(sum(s.quantity) filter (where s.kind in ('stocked', 'received')), 0)::float8`.as(
          'received',
        ),
        sql<number>`coalesce(sum(s.quantity) filter (where s.kind = 'adjusted'), 0)::float8`.as('adjusted'),
        sql<number>`coalesce(sum(-s.quantity) filter (where s.kind = 'dispensed'), 0)::float8`.as('dispensed'),
      ])
      .where('s.hospital_id', '=', hospitalId)
      .where('m.hospital_id', '=', hospitalId)
      .where('s.occurred_on', '>=', period.from)
      .where('s.occurred_on', '<=', period.to)
      .groupBy(nameKey)
      .execute(),
  ]);
  const byKey = new Map(moves.map((m) => [m.key, m]));
  const rows = stock.map(({ key, ...s }) => {
    const m = byKey.get(key);
    return {
      name: s.name,
      batches: s.batches,
      onHand: s.onHand,
      expiredOnHand: s.expiredOnHand,
      received: m?.received ?? 0,
      adjusted: m?.adjusted ?? 0,
      dispensed: m?.dispensed ?? 0,
      reorderLevel: s.reorderLevel,
      status: stockStatus(s.onHand, s.reorderLevel),
      nearestExpiry: s.nearestExpiry ?? null,
    };
  });
  return { ...period, today, rows };
}
export type StockReport = Awaited<ReturnType<typeof stockReport>>;
