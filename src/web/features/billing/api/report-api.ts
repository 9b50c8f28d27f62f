import { downloadFile } from '../../../lib/download-file';
import { fetchData } from '../../../lib/endpoint-client';
import type { z } from '../../../lib/zod';
import { REVENUE_GROUPINGS, revenueEndpoint } from '../../../../shared/api/billing';
import { billingError } from './billing-schemas';

export { REVENUE_GROUPINGS };
export type RevenueGrouping = (typeof REVENUE_GROUPINGS)[number];
export type DateRange = { from: string; to: string };

export type RevenueReport = z.infer<typeof revenueEndpoint.data>;
export type RevenueRow = RevenueReport['rows'][number];

/** Only the dates set: without them the server reports the last 30 days (12 months by month). */
function rangeParams(groupBy: RevenueGrouping, range: DateRange): Record<string, string> {
  return { groupBy, ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
}

/** GET /api/billing/reports/revenue: invoiced, paid and outstanding kobo by day, month, service kind or payer. */
export async function getRevenue(groupBy: RevenueGrouping, range: DateRange, signal?: AbortSignal) {
  try {
    return await fetchData(revenueEndpoint, { searchParams: rangeParams(groupBy, range), signal });
  } catch (e) {
    throw billingError(e, 'Failed to fetch revenue');
  }
}

async function download(path: string, name: string, searchParams: Record<string, string>) {
  try {
    await downloadFile(path, name, searchParams);
  } catch (e) {
    throw billingError(e, 'Failed to download CSV');
  }
}

/** The revenue table as the server's CSV (naira), saved under the server's file name. */
export const downloadRevenueCsv = (groupBy: RevenueGrouping, range: DateRange) =>
  download('/billing/reports/revenue.csv', `revenue-by-${groupBy}.csv`, rangeParams(groupBy, range));

/** Outstanding balances by patient or HMO, aged, as CSV. */
export const downloadOutstandingCsv = (by: 'patient' | 'hmo') =>
  download('/billing/reports/outstanding.csv', `outstanding-by-${by}.csv`, { by });
