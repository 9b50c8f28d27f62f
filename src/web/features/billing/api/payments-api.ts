import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { billingError, invoiceDetailSchema, paginationSchema, paymentSchema } from './billing-schemas';

const listAnswer = z.object({
  data: z.object({
    payments: z.array(paymentSchema),
    pagination: paginationSchema,
    totalKobo: z.number(),
    days: z.array(
      z.object({
        date: z.string(),
        totalKobo: z.number(),
        count: z.number(),
        byMethod: z.record(z.string(), z.number()),
      }),
    ),
  }),
});
export type PaymentsPage = z.infer<typeof listAnswer>['data'];
export type PaymentsQuery = { page: number; method: string; from: string; to: string };

/** GET /api/billing/payments: the ledger, ten a page, and its totals per day per method. */
export async function listPayments(q: PaymentsQuery, signal?: AbortSignal): Promise<PaymentsPage> {
  const searchParams: Record<string, string | number> = { page: q.page, limit: 10 };
  if (q.method !== 'all') searchParams.method = q.method;
  if (q.from) searchParams.from = q.from;
  if (q.to) searchParams.to = q.to;
  try {
    return listAnswer.parse(await request('/billing/payments', { searchParams, signal })).data;
  } catch (e) {
    throw billingError(e, 'Failed to fetch payments');
  }
}

const receiptAnswer = z.object({
  data: z.object({ receipt: paymentSchema.extend({ invoice: invoiceDetailSchema.nullable() }) }),
});
export type Receipt = z.infer<typeof receiptAnswer>['data']['receipt'];

/** GET /api/billing/payments/{id}: the payment and its invoice, for the printed receipt. */
export async function getReceipt(id: string, signal?: AbortSignal): Promise<Receipt> {
  try {
    return receiptAnswer.parse(await request(`/billing/payments/${encodeURIComponent(id)}`, { signal })).data.receipt;
  } catch (e) {
    throw billingError(e, 'Failed to fetch receipt');
  }
}
