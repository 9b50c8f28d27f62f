import { z } from '../../../lib/zod';
import { ApiError, request } from '../../../lib/api-client';

const metrics = z.object({
  invoicesToday: z.number(),
  paymentsTodayKobo: z.number(),
  paymentsMonthKobo: z.number(),
  outstandingKobo: z.number(),
  outstandingInvoices: z.number(),
});
const day = z.object({ date: z.string(), cash: z.number(), pos: z.number(), transfer: z.number(), hmo: z.number() });
const dashboardAnswer = z.object({ data: z.object({ metrics, paymentsPerDay: z.array(day) }) });
export type BillingDashboard = z.infer<typeof dashboardAnswer>['data'];
export type PaymentsDay = z.infer<typeof day>;

const activity = z.object({
  id: z.string(),
  date: z.string(),
  activityType: z.string(),
  description: z.string(),
  performedBy: z.string(),
  invoiceId: z.string().nullable(),
});
const activityAnswer = z.object({
  data: z.object({
    activities: z.array(activity),
    pagination: z.object({ totalPages: z.number(), totalRecords: z.number() }),
  }),
});
export type BillingActivity = z.infer<typeof activity>;
export type BillingActivityPage = z.infer<typeof activityAnswer>['data'];

function failure(e: unknown, fallback: string): Error {
  if (e instanceof ApiError && e.status !== 0 && e.message) return new Error(e.message);
  return new Error(fallback);
}

/** GET /api/billing/dashboard: the key metrics and the last 30 days' payments by method (kobo). */
export async function fetchBillingDashboard(signal?: AbortSignal): Promise<BillingDashboard> {
  try {
    return dashboardAnswer.parse(await request('/billing/dashboard', { signal })).data;
  } catch (e) {
    throw failure(e, 'Failed to fetch dashboard data');
  }
}

/** GET /api/billing/activity: Recent Activity, newest first, ten a page. */
export async function fetchBillingActivity(page: number, signal?: AbortSignal): Promise<BillingActivityPage> {
  try {
    return activityAnswer.parse(await request('/billing/activity', { searchParams: { page, limit: 10 }, signal })).data;
  } catch (e) {
    throw failure(e, 'Failed to fetch billing activity');
  }
}
