import { z } from '../../../lib/zod';
import { ApiError } from '../../../lib/api-client';

/** The answers of /api/billing (money in kobo, integers). */
export const paymentSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  amountKobo: z.number(),
  method: z.string(),
  reference: z.string().nullable(),
  receiptNumber: z.string(),
  receivedBy: z.string(),
  receivedAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  consultationId: z.string().nullable(),
  doctorName: z.string().nullable(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      kind: z.string(),
      description: z.string(),
      quantity: z.number(),
      unitPriceKobo: z.number(),
      amountKobo: z.number(),
    }),
  ),
  totalKobo: z.number(),
  paidKobo: z.number(),
  balanceKobo: z.number(),
  status: z.enum(['unpaid', 'part-paid', 'paid', 'void']),
  voidReason: z.string().nullable(),
  createdAt: z.string(),
  /** The HMO split (absent from older answers): null when the patient pays it all. */
  hmo: z.object({ id: z.string(), name: z.string(), enrolleeNumber: z.string() }).nullish(),
  hmoShareKobo: z.number().optional(),
  hmoBalanceKobo: z.number().optional(),
  /** The part of the HMO's balance in a submitted claim: settled by the claim, not by a payment. */
  hmoPendingKobo: z.number().optional(),
  patientShareKobo: z.number().optional(),
  patientBalanceKobo: z.number().optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceDetailSchema = invoiceSchema.extend({ payments: z.array(paymentSchema) });
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const paginationSchema = z.object({ currentPage: z.number(), totalPages: z.number(), totalRecords: z.number() });

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
