import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import './tables';
import { REVENUE_GROUPINGS } from '../../../shared/api/billing';

export { REVENUE_GROUPINGS };
export type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];
export const SERVICE_KINDS = ['consultation', 'medication', 'lab', 'other'] as const;
const SERVICE_LABELS: Record<string, string> = {
  consultation: 'Consultation',
  medication: 'Medication',
  lab: 'Lab',
  other: 'Other',
};
const kindOrder = (key: string) => (SERVICE_KINDS as readonly string[]).indexOf(key);

export type RevenueRow = {
  key: string;
  label: string;
  invoices: number;
  invoicedKobo: number;
  paidKobo: number;
  outstandingKobo: number;
};

/**
 * Whole kobo for exact shares that add up to `total`: each share rounded down, and the kobo left
 * over go one each to the shares with the largest fractions (largest remainder), so a report's rows
 * always add up to its total.
 */
export function roundToTotal(exact: readonly number[], total: number): number[] {
  const floors = exact.map((v) => Math.floor(v));
  let left = total - floors.reduce((a, b) => a + b, 0);
  const byFraction = exact.map((v, i) => ({ i, f: v - Math.floor(v) })).sort((a, b) => b.f - a.f || a.i - b.i);
  for (const { i } of byFraction) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

type Raw = { key: string; label: string | null; invoices: string; invoiced: string; paid: string };

/**
 * Revenue of the invoices raised from `from` to `to` (the hospital's days, in its time zone), void ones
 * left out: what was invoiced, what of it is paid so far and what is still owed, grouped by the
 * invoice's day or month, by service kind (charges go with the consultation, as the HMO cover does;
 * an invoice's payments are spread over its lines in proportion to their amounts) or by payer
 * (the patient's shares, and each HMO's).
 */
export async function revenue(db: Db, hospitalId: string, groupBy: RevenueGrouping, from: string, to: string) {
  const inRange = sql`i.hospital_id = ${hospitalId} and i.status <> 'void' and i.created_on between ${from} and ${to}`;
  const totals = (
    await sql<{ invoices: string; invoiced: string; paid: string }>`
      select count(*) as invoices, coalesce(sum(total_kobo), 0) as invoiced, coalesce(sum(paid_kobo), 0) as paid
      from billing_invoices i where ${inRange}`.execute(db)
  ).rows[0]!;
  const raw = (await rowsOf(db, groupBy, inRange)).rows;
  if (groupBy === 'service') raw.sort((a, b) => kindOrder(a.key) - kindOrder(b.key));
  const paidKobo = Number(totals.paid);
  const paid = roundToTotal(
    raw.map((r) => Number(r.paid)),
    raw.length ? paidKobo : 0,
  );
  const rows: RevenueRow[] = raw.map((r, i) => {
    const invoicedKobo = Number(r.invoiced);
    return {
      key: r.key,
      label: r.label ?? SERVICE_LABELS[r.key] ?? r.key,
      invoices: Number(r.invoices),
      invoicedKobo,
      paidKobo: paid[i]!,
      outstandingKobo: invoicedKobo - paid[i]!,
    };
  });
  const invoicedKobo = Number(totals.invoiced);
  return {
    groupBy,
    from,
    to,
    rows,
    totals: { invoices: Number(totals.invoices), invoicedKobo, paidKobo, outstandingKobo: invoicedKobo - paidKobo },
  };
}
export type RevenueReport = Awaited<ReturnType<typeof revenue>>;

function rowsOf(db: Db, groupBy: RevenueGrouping, inRange: ReturnType<typeof sql>) {
  switch (groupBy) {
    case 'day':
    case 'month': {
      const key = groupBy === 'day' ? sql`i.created_on` : sql`substr(i.created_on, 1, 7)`;
      return sql<Raw>`
        select ${key} as key, null as label, count(*) as invoices,
               sum(i.total_kobo) as invoiced, sum(i.paid_kobo) as paid
        from billing_invoices i where ${inRange}
        group by 1 order by 1`.execute(db);
    }
    case 'service':
      return sql<Raw>`
        select case when l->>'kind' in ('consultation', 'charge') then 'consultation'
                    when l->>'kind' in ('medication', 'lab') then l->>'kind'
                    else 'other' end as key,
               null as label, count(distinct i.invoice_id) as invoices,
               sum((l->>'amountKobo')::bigint) as invoiced,
               sum((l->>'amountKobo')::numeric * i.paid_kobo / nullif(i.total_kobo, 0)) as paid
        from billing_invoices i cross join lateral jsonb_array_elements(i.lines) as l
        where ${inRange}
        group by 1`.execute(db);
    case 'payer':
      // The patient's part of every invoice (all of it without cover), then each HMO's share.
      return sql<Raw>`
        select * from (
          select 'patient' as key, 'Patients' as label,
                 count(*) filter (where i.total_kobo > i.hmo_share_kobo) as invoices,
                 sum(i.total_kobo - i.hmo_share_kobo) as invoiced,
                 sum(i.paid_kobo - i.hmo_paid_kobo) as paid
          from billing_invoices i where ${inRange}
          having count(*) > 0
          union all
          select i.hmo_id as key, max(i.hmo_name) as label, count(*) as invoices,
                 sum(i.hmo_share_kobo) as invoiced, sum(i.hmo_paid_kobo) as paid
          from billing_invoices i where ${inRange} and i.hmo_id is not null and i.hmo_share_kobo > 0
          group by i.hmo_id
        ) payers
        order by key = 'patient' desc, label, key`.execute(db);
  }
}
