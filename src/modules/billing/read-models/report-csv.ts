import { csvDocument } from '../../../platform/http/csv';
import { koboToNairaText } from '../../../shared/money';
import type { outstanding } from './aging';
import type { RevenueReport } from './revenue';

const naira = koboToNairaText;
const FIRST_COLUMN = { day: 'date', month: 'month', service: 'service', payer: 'payer' } as const;

/** A revenue report as CSV: one row per group and a Total row, amounts in naira with 2 decimals. */
export function revenueCsv(report: RevenueReport): { filename: string; body: string } {
  const header = [FIRST_COLUMN[report.groupBy], 'invoices', 'invoiced_naira', 'paid_naira', 'outstanding_naira'];
  const line = (label: string, r: RevenueReport['totals']) => [
    label,
    r.invoices,
    naira(r.invoicedKobo),
    naira(r.paidKobo),
    naira(r.outstandingKobo),
  ];
  return {
    filename: `revenue-by-${report.groupBy}-${report.from}-to-${report.to}.csv`,
    body: csvDocument(header, [...report.rows.map((r) => line(r.label, r)), line('Total', report.totals)]),
  };
}

type Aging = Awaited<ReturnType<typeof outstanding>>;

/** Outstanding balances by patient or HMO as CSV, aged, with a Total row. */
export function outstandingCsv(report: Aging, today: string): { filename: string; body: string } {
  const header = [
    report.by,
    'invoices',
    'days_0_30_naira',
    'days_31_60_naira',
    'days_61_90_naira',
    'days_90_plus_naira',
    'total_naira',
  ];
  const amounts = (r: Aging['totals']) => [naira(r.d0_30), naira(r.d31_60), naira(r.d61_90), naira(r.d90plus)];
  const invoices = report.rows.reduce((n, r) => n + r.invoices, 0);
  return {
    filename: `outstanding-by-${report.by}-${today}.csv`,
    body: csvDocument(header, [
      ...report.rows.map((r) => [r.name, r.invoices, ...amounts(r), naira(r.totalKobo)]),
      ['Total', invoices, ...amounts(report.totals), naira(report.totals.totalKobo)],
    ]),
  };
}
