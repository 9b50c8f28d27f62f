import type { z } from '../../../lib/zod';
import type { invoice, invoiceDetail, payment } from '../../../../shared/api/billing';
import { ApiError } from '../../../lib/api-client';

/** The answers of /api/billing (money in kobo, integers): the shared contract's (src/shared/api/billing.ts). */
export type Payment = z.infer<typeof payment>;
export type Invoice = z.infer<typeof invoice>;
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  cash: 'Cash',
  pos: 'POS',
  transfer: 'Bank transfer',
  hmo: 'HMO',
};

/** The server's message when it sent one, else the screen's own. */
export function billingError(e: unknown, fallback: string): Error {
  if (e instanceof ApiError && e.status !== 0 && e.message) return e;
  return new Error(fallback);
}
