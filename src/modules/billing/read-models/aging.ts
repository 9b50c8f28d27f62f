import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import './tables';

/**
 * What is owed, by patient (their co-pay and anything the HMO rejected) or by HMO (its shares not
 * yet paid, claimed or not), aged by the invoice's date: 0–30, 31–60, 61–90 and over 90 days.
 */
export async function outstanding(db: Db, hospitalId: string, by: 'patient' | 'hmo', today: string) {
  const owed =
    by === 'patient'
      ? sql<number>`(total_kobo - hmo_share_kobo) - (paid_kobo - hmo_paid_kobo)`
      : sql<number>`hmo_share_kobo - hmo_paid_kobo`;
  const age = sql<number>`(${today}::date - created_on::date)`;
  const bucket = (from: number, to: number | null) =>
    sql<string>`coalesce(sum(${owed}) filter (where ${age} >= ${from}${to === null ? sql`` : sql` and ${age} <= ${to}`}), 0)`;
  const key = by === 'patient' ? sql<string>`patient_id` : sql<string>`hmo_id`;
  const name = by === 'patient' ? sql<string>`max(patient_name)` : sql<string>`max(hmo_name)`;
  const rows = await db
    .selectFrom('billing_invoices')
    .select([
      key.as('id'),
      name.as('name'),
      sql<string>`count(*)`.as('invoices'),
      sql<string>`sum(${owed})`.as('total'),
      bucket(0, 30).as('d0_30'),
      bucket(31, 60).as('d31_60'),
      bucket(61, 90).as('d61_90'),
      bucket(91, null).as('d90plus'),
    ])
    .where('hospital_id', '=', hospitalId)
    .where('status', '!=', 'void')
    .where(sql<boolean>`${owed} > 0`)
    .$if(by === 'hmo', (q) => q.where('hmo_id', 'is not', null))
    .groupBy(key)
    .orderBy(sql`sum(${owed})`, 'desc')
    .limit(500)
    .execute();
  const list = rows.map((r) => ({
    id: r.id,
    name: r.name,
    invoices: Number(r.invoices),
    totalKobo: Number(r.total),
    d0_30: Number(r.d0_30),
    d31_60: Number(r.d31_60),
    d61_90: Number(r.d61_90),
    d90plus: Number(r.d90plus),
  }));
  const totals = { totalKobo: 0, d0_30: 0, d31_60: 0, d61_90: 0, d90plus: 0 };
  for (const r of list) {
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r[k];
  }
  return { by, rows: list, totals };
}

/** The patients an aging report shows (none when it is by HMO): for its entry in the access trail. */
export function patientsOfAging(answer: unknown): string[] {
  const report = (answer as { data?: unknown }).data ?? answer;
  const { by, rows } = report as { by?: string; rows?: { id: string }[] };
  return by === 'patient' && rows ? rows.map((r) => r.id) : [];
}
