import type { Db } from '../../../platform/db/database';
import { LAB_TEST_CATALOGUE } from '../../../shared/lab-tests';
import { formularyMedications } from '../../pharmacy';
import type { PriceKind } from '../events';
import { priceKey } from './price-rows';
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

/** Services every hospital charges for; shown on the Price list before they have a price. */
export const DEFAULT_SERVICES = ['Registration card', 'Admission (per day)'] as const;

export type PriceItem = {
  kind: PriceKind;
  key: string;
  name: string;
  /** What it is: the test's code, the medication's stock, or "Service". */
  detail: string;
  priceKobo: number | null;
};

/**
 * The Price list (issue 34 §1): every lab test of the catalogue, every medication of the formulary
 * and the other services, each with its price or null; prices of items no longer in the catalogue
 * or formulary are still listed, so nothing priced is hidden.
 */
export async function priceList(db: Db, hospitalId: string): Promise<PriceItem[]> {
  const [rows, formulary] = await Promise.all([
    db.selectFrom('billing_prices').selectAll().where('hospital_id', '=', hospitalId).execute(),
    formularyMedications(db, hospitalId),
  ]);
  const priced = new Map(rows.map((r) => [`${r.kind}:${r.key}`, r]));
  const items: PriceItem[] = [];
  const add = (kind: PriceKind, key: string, name: string, detail: string) => {
    const row = priced.get(`${kind}:${key}`);
    priced.delete(`${kind}:${key}`);
    items.push({ kind, key, name, detail, priceKobo: row ? Number(row.price_kobo) : null });
  };
  for (const t of LAB_TEST_CATALOGUE) add('lab', t.code, t.name, t.code);
  for (const m of formulary) add('medication', m.key, m.name, `${m.stock} in stock`);
  for (const name of DEFAULT_SERVICES) add('service', priceKey('service', name), name, 'Service');
  for (const r of priced.values()) {
    const detail = r.kind === 'lab' ? r.key : r.kind === 'medication' ? 'Not in stock list' : 'Service';
    items.push({ kind: r.kind, key: r.key, name: r.name, detail, priceKobo: Number(r.price_kobo) });
  }
  return items;
}

/** What the first-hour checklist counts: lab tests and formulary medications without a price. */
export function unpricedCounts(items: PriceItem[]) {
  const none = (kind: PriceKind) => items.filter((i) => i.kind === kind && i.priceKobo === null).length;
  return { labTests: none('lab'), medications: none('medication') };
}
