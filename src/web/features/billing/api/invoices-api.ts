import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { billingError, invoiceDetailSchema, invoiceSchema, paginationSchema, paymentSchema } from './billing-schemas';

const listAnswer = z.object({ data: z.object({ invoices: z.array(invoiceSchema), pagination: paginationSchema }) });
export type InvoicesPage = z.infer<typeof listAnswer>['data'];
export type InvoicesQuery = { page: number; status: string; search: string; from: string; to: string };

/** GET /api/billing/invoices: ten a page, newest first, by status, search and dates. */
export async function listInvoices(q: InvoicesQuery, signal?: AbortSignal): Promise<InvoicesPage> {
  const searchParams: Record<string, string | number> = { page: q.page, limit: 10 };
  if (q.status !== 'all') searchParams.status = q.status;
  if (q.search.trim()) searchParams.search = q.search.trim();
  if (q.from) searchParams.from = q.from;
  if (q.to) searchParams.to = q.to;
  try {
    return listAnswer.parse(await request('/billing/invoices', { searchParams, signal })).data;
  } catch (e) {
    throw billingError(e, 'Failed to fetch invoices');
  }
}

const invoiceAnswer = z.object({ data: z.object({ invoice: invoiceDetailSchema }) });

/** GET /api/billing/invoices/{id}: lines and payments. */
export async function getInvoice(id: string, signal?: AbortSignal) {
  try {
    return invoiceAnswer.parse(await request(`/billing/invoices/${encodeURIComponent(id)}`, { signal })).data.invoice;
  } catch (e) {
    throw billingError(e, 'Failed to fetch invoice');
  }
}

const paidAnswer = z.object({
  message: z.string().optional(),
  data: z.object({ payment: paymentSchema, invoice: invoiceDetailSchema }),
});

/**
 * POST /api/billing/invoices/{id}/payments with an Idempotency-Key: the dialog keeps one key per
 * payment it is recording, so a retry after a lost answer is counted once.
 */
export async function recordPayment(
  id: string,
  body: { amount: string; method: string; reference: string },
  idempotencyKey: string,
) {
  try {
    const answer = await request(`/billing/invoices/${encodeURIComponent(id)}/payments`, {
      method: 'post',
      json: { ...body, reference: body.reference.trim() || null },
      headers: { 'idempotency-key': idempotencyKey },
    });
    return paidAnswer.parse(answer).data;
  } catch (e) {
    throw billingError(e, 'Failed to record payment');
  }
}

/** POST /api/billing/invoices/{id}/void with the reason. */
export async function voidInvoice(id: string, reason: string) {
  try {
    const answer = await request(`/billing/invoices/${encodeURIComponent(id)}/void`, {
      method: 'post',
      json: { reason },
    });
    return invoiceAnswer.parse(answer).data.invoice;
  } catch (e) {
    throw billingError(e, 'Failed to void invoice');
  }
}
