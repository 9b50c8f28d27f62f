import type { z } from '../../../lib/zod';
import { ApiError } from '../../../lib/api-client';
import { fetchData } from '../../../lib/endpoint-client';
import { billingActivityEndpoint, billingDashboardEndpoint } from '../../../../shared/api/billing';

// The answers are the shared contract's (src/shared/api/billing.ts).
export type BillingDashboard = z.infer<typeof billingDashboardEndpoint.data>;
export type PaymentsDay = BillingDashboard['paymentsPerDay'][number];
export type BillingActivityPage = z.infer<typeof billingActivityEndpoint.data>;
export type BillingActivity = BillingActivityPage['activities'][number];

function failure(e: unknown, fallback: string): Error {
  if (e instanceof ApiError && e.status !== 0 && e.message) return new Error(e.message);
  return new Error(fallback);
}

/** GET /api/billing/dashboard: the key metrics and the last 30 days' payments by method (kobo). */
export async function fetchBillingDashboard(signal?: AbortSignal): Promise<BillingDashboard> {
  try {
    return await fetchData(billingDashboardEndpoint, { signal });
  } catch (e) {
    throw failure(e, 'Failed to fetch dashboard data');
  }
}

/** GET /api/billing/activity: Recent Activity, newest first, ten a page. */
export async function fetchBillingActivity(page: number, signal?: AbortSignal): Promise<BillingActivityPage> {
  try {
    return await fetchData(billingActivityEndpoint, { searchParams: { page, limit: 10 }, signal });
  } catch (e) {
    throw failure(e, 'Failed to fetch billing activity');
  }
}
