import type { z } from '../../../lib/zod';
import { fetchData } from '../../../lib/endpoint-client';
import { paymentsEndpoint, receiptEndpoint } from '../../../../shared/api/billing';
import { billingError } from './billing-schemas';

export type PaymentsPage = z.infer<typeof paymentsEndpoint.data>;
export type PaymentsQuery = { page: number; method: string; from: string; to: string };

/** GET /api/billing/payments: the ledger, ten a page, and its totals per day per method. */
export async function listPayments(q: PaymentsQuery, signal?: AbortSignal): Promise<PaymentsPage> {
  const searchParams: Record<string, string | number> = { page: q.page, limit: 10 };
  if (q.method !== 'all') searchParams.method = q.method;
  if (q.from) searchParams.from = q.from;
  if (q.to) searchParams.to = q.to;
  try {
    return await fetchData(paymentsEndpoint, { searchParams, signal });
  } catch (e) {
    throw billingError(e, 'Failed to fetch payments');
  }
}

export type Receipt = z.infer<typeof receiptEndpoint.data>['receipt'];

/** GET /api/billing/payments/{id}: the payment and its invoice, for the printed receipt. */
export async function getReceipt(id: string, signal?: AbortSignal): Promise<Receipt> {
  try {
    return (await fetchData(receiptEndpoint, { params: { id }, signal })).receipt;
  } catch (e) {
    throw billingError(e, 'Failed to fetch receipt');
  }
}
