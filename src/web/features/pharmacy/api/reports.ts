import { dispensingReportEndpoint, stockReportEndpoint } from '../../../../shared/api/pharmacy';
import { failureOf } from '../../../lib/api-failure';
import { downloadFile } from '../../../lib/download-file';
import { fetchData } from '../../../lib/endpoint-client';
import type { z } from '../../../lib/zod';
import type { Period } from '../report-period';

/** The pharmacist's reports (GET /api/pharmacy/reports/dispensing and /stock), as JSON or CSV files. */
export type DispensingReport = z.output<typeof dispensingReportEndpoint.data>;
export type DispensingRow = DispensingReport['rows'][number];
export type StockReport = z.output<typeof stockReportEndpoint.data>;
export type StockReportRow = StockReport['rows'][number];

export type ReportName = 'dispensing' | 'stock';

async function load<E extends typeof dispensingReportEndpoint | typeof stockReportEndpoint>(
  e: E,
  name: ReportName,
  period: Period,
  signal?: AbortSignal,
) {
  try {
    return await fetchData(e, { searchParams: period, signal });
  } catch (e) {
    throw failureOf(e, `Failed to fetch the ${name} report`, `An error occurred while fetching the ${name} report`);
  }
}

export const getDispensingReport = (period: Period, signal?: AbortSignal) =>
  load(dispensingReportEndpoint, 'dispensing', period, signal);
export const getStockReport = (period: Period, signal?: AbortSignal) =>
  load(stockReportEndpoint, 'stock', period, signal);

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
