import { request } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
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

/** Saves the report as a CSV file (fetched with the session's token, under the server's file name). */
export async function downloadReportCsv(name: ReportName, period: Period) {
  try {
    await downloadFile(`pharmacy/reports/${name}`, `pharmacy-${name}-${period.from}-to-${period.to}.csv`, {
      ...period,
      format: 'csv',
    });
  } catch {
    throw new Error('Could not download the file. Please try again.');
  }
}
