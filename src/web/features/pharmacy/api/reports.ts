import { api, request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';
import { z } from '../../../lib/zod';
import type { Period } from '../report-period';
import { STOCK_STATUSES } from './inventory';

/** The pharmacist's reports (GET /api/pharmacy/reports/dispensing and /stock), as JSON or CSV files. */
const figures = { quantity: z.number(), prescriptions: z.number(), patients: z.number() };
const dispensingAnswer = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    rows: z.array(z.object({ name: z.string(), ...figures })),
    totals: z.object(figures),
  }),
});
export type DispensingReport = z.infer<typeof dispensingAnswer>['data'];
export type DispensingRow = DispensingReport['rows'][number];

const stockAnswer = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    rows: z.array(
      z.object({
        name: z.string(),
        batches: z.number(),
        onHand: z.number(),
        expiredOnHand: z.number(),
        received: z.number(),
        adjusted: z.number(),
        dispensed: z.number(),
        reorderLevel: z.number(),
        status: z.enum(STOCK_STATUSES),
        nearestExpiry: z.string().nullable(),
      }),
    ),
  }),
});
export type StockReport = z.infer<typeof stockAnswer>['data'];
export type StockReportRow = StockReport['rows'][number];

export type ReportName = 'dispensing' | 'stock';

async function load<T>(name: ReportName, schema: z.ZodType<{ data: T }>, period: Period, signal?: AbortSignal) {
  try {
    return schema.parse(await request(`/pharmacy/reports/${name}`, { searchParams: period, signal })).data;
  } catch (e) {
    throw failureOf(e, `Failed to fetch the ${name} report`, `An error occurred while fetching the ${name} report`);
  }
}

export const getDispensingReport = (period: Period, signal?: AbortSignal) =>
  load('dispensing', dispensingAnswer, period, signal);
export const getStockReport = (period: Period, signal?: AbortSignal) => load('stock', stockAnswer, period, signal);

/** Saves the report as a CSV file: fetched with the session's token (so not a plain link), then a blob. */
export async function downloadReportCsv(name: ReportName, period: Period) {
  let blob: Blob;
  try {
    blob = await api.get(`pharmacy/reports/${name}`, { searchParams: { ...period, format: 'csv' } }).blob();
  } catch {
    throw new Error('Could not download the file. Please try again.');
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `pharmacy-${name}-${period.from}-to-${period.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
