import type { Db } from '../../../platform/db/database';
import './tables';

/** The hospital's price list: medications by name, lab tests by code (kobo). */
export async function getPriceList(db: Db, hospitalId: string) {
  const rows = await db
    .selectFrom('billing_prices')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .orderBy('kind')
    .orderBy('name')
    .execute();
  return {
    medications: rows
      .filter((r) => r.kind === 'medication')
      .map((r) => ({ name: r.name, priceKobo: Number(r.price_kobo) })),
    labTests: rows
      .filter((r) => r.kind === 'lab')
      .map((r) => ({ code: r.key, name: r.name, priceKobo: Number(r.price_kobo) })),
  };
}

/** A medication's (by name, any case) or a lab test's (by code) list price in kobo, or null when it has none. */
export async function listPrice(db: Db, hospitalId: string, kind: 'medication' | 'lab', nameOrCode: string) {
  const key = kind === 'medication' ? nameOrCode.trim().toLowerCase() : nameOrCode.trim().toUpperCase();
  const row = await db
    .selectFrom('billing_prices')
    .select('price_kobo')
    .where('hospital_id', '=', hospitalId)
    .where('kind', '=', kind)
    .where('key', '=', key)
    .executeTakeFirst();
  return row ? Number(row.price_kobo) : null;
}
