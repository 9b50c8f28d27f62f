import type { z } from '../../../lib/zod';
import { fetchData } from '../../../lib/endpoint-client';
import {
  invoiceEndpoint,
  invoicesEndpoint,
  recordPaymentEndpoint,
  voidInvoiceEndpoint,
} from '../../../../shared/api/billing';
import { billingError } from './billing-schemas';

export type InvoicesPage = z.infer<typeof invoicesEndpoint.data>;
export type InvoicesQuery = { page: number; status: string; search: string; from: string; to: string };

/** GET /api/billing/invoices: ten a page, newest first, by status, search and dates. */
export async function listInvoices(q: InvoicesQuery, signal?: AbortSignal): Promise<InvoicesPage> {
  const searchParams: Record<string, string | number> = { page: q.page, limit: 10 };
  if (q.status !== 'all') searchParams.status = q.status;
  if (q.search.trim()) searchParams.search = q.search.trim();
  if (q.from) searchParams.from = q.from;
  if (q.to) searchParams.to = q.to;
  try {
    return await fetchData(invoicesEndpoint, { searchParams, signal });
  } catch (e) {
    throw billingError(e, 'Failed to fetch invoices');
  }
}

/** GET /api/billing/invoices/{id}: lines and payments. */
export async function getInvoice(id: string, signal?: AbortSignal) {
  try {
    return (await fetchData(invoiceEndpoint, { params: { id }, signal })).invoice;
  } catch (e) {
    throw billingError(e, 'Failed to fetch invoice');
  }
}

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
    return await fetchData(recordPaymentEndpoint, {
      params: { id },
      json: { ...body, reference: body.reference.trim() || null },
      headers: { 'idempotency-key': idempotencyKey },
    });
  } catch (e) {
    throw billingError(e, 'Failed to record payment');
  }
}

/** POST /api/billing/invoices/{id}/void with the reason. */
export async function voidInvoice(id: string, reason: string) {
  try {
    return (await fetchData(voidInvoiceEndpoint, { params: { id }, json: { reason } })).invoice;
  } catch (e) {
    throw billingError(e, 'Failed to void invoice');
  }
}
