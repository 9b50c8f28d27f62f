import { z } from 'zod';
import { defineEvent, type EventMap, type EventsOf } from '../../platform/event-store/contracts';
import { LINE_KINDS, PAYMENT_METHODS, PRICE_KINDS } from '../../shared/api/billing';

/**
 * Billing. Streams: `invoice-<invoiceId>` (the invoice, its lines, payments and void), the
 * hospital's receipt counter `billing-receipts-<hospitalId>` and its price list
 * `billing-prices-<hospitalId>`. Money is whole kobo, never a float.
 */
const kobo = z.number().int().min(0);
const person = z.object({ id: z.string(), name: z.string() });

// The words on the wire are the API's too (src/shared/api/billing.ts).
export { LINE_KINDS, PAYMENT_METHODS };
export type LineKind = (typeof LINE_KINDS)[number];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const invoiceLine = z.object({
  lineId: z.string(),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  quantity: z.number().int().min(1),
  unitPriceKobo: kobo,
  amountKobo: kobo,
  /**
   * What raised it, so a replayed reaction adds it once: `consultation:<id>`,
   * `dispense:<consultationId>:<index>`, `lab:<labRequestId>`; null for a line typed by hand.
   */
  source: z.string().nullable(),
  /** The HMO's share of the line (its cover for the line's kind, rounded down); absent: none. */
  hmoKobo: kobo.optional(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const coverage = z.object({
  consultation: z.number().min(0).max(100),
  medication: z.number().min(0).max(100),
  lab: z.number().min(0).max(100),
});
export type Coverage = z.infer<typeof coverage>;
export const invoiceCover = z.object({
  hmoId: z.string(),
  hmoName: z.string(),
  hmoCode: z.string(),
  enrolleeNumber: z.string(),
  coverage,
});
export type InvoiceCover = z.infer<typeof invoiceCover>;

export const invoiceRaised = defineEvent(
  'InvoiceRaised',
  z.object({
    invoiceId: z.string(),
    hospitalId: z.string(),
    patientId: z.string(),
    patientName: z.string(),
    /** The consultation it bills; null for an invoice made by hand. */
    consultationId: z.string().nullable(),
    doctor: person.nullable(),
    lines: z.array(invoiceLine),
    totalKobo: kobo,
    /** The patient's HMO cover when the invoice was raised; absent or null: the patient pays it all. */
    cover: invoiceCover.nullish(),
  }),
);

/** Medications dispensed or tests completed after the invoice was raised; `totalKobo` is the new total. */
export const invoiceLinesAdded = defineEvent(
  'InvoiceLinesAdded',
  z.object({
    invoiceId: z.string(),
    patientId: z.string(),
    patientName: z.string(),
    lines: z.array(invoiceLine).min(1),
    totalKobo: kobo,
  }),
);

export const paymentRecorded = defineEvent(
  'PaymentRecorded',
  z.object({
    invoiceId: z.string(),
    paymentId: z.string(),
    patientId: z.string(),
    patientName: z.string(),
    amountKobo: z.number().int().min(1),
    method: z.enum(PAYMENT_METHODS),
    reference: z.string().nullable(),
    receiptNumber: z.string(),
    /** The client's Idempotency-Key, when it sent one. */
    idempotencyKey: z.string().nullable(),
    /** Whose share it pays: the HMO's (method hmo on a covered invoice) or the patient's. */
    payer: z.enum(['hmo', 'patient']).optional(),
  }),
);

export const invoiceVoided = defineEvent(
  'InvoiceVoided',
  z.object({ invoiceId: z.string(), patientId: z.string(), patientName: z.string(), reason: z.string() }),
);

/** The invoice's unclaimed HMO share went into a claim. */
export const invoiceClaimed = defineEvent(
  'InvoiceClaimed',
  z.object({
    invoiceId: z.string(),
    claimId: z.string(),
    claimNumber: z.string(),
    hmoId: z.string(),
    amountKobo: z.number().int().min(1),
  }),
);

/** The HMO answered the claim for this invoice: what it paid; the rest (rejected) moves to the patient. */
export const invoiceClaimSettled = defineEvent(
  'InvoiceClaimSettled',
  z.object({
    invoiceId: z.string(),
    claimId: z.string(),
    claimNumber: z.string(),
    paidKobo: kobo,
    rejectedKobo: kobo,
    reason: z.string().nullable(),
  }),
);

/** The hospital's receipt counter moved on: `number` is the receipt's (RCT-000001 is 1). */
export const receiptNumberIssued = defineEvent(
  'ReceiptNumberIssued',
  z.object({ hospitalId: z.string(), number: z.number().int().min(1), paymentId: z.string(), invoiceId: z.string() }),
);

export const medicationPrice = z.object({ name: z.string(), priceKobo: kobo });
export const labTestPrice = z.object({ code: z.string(), name: z.string(), priceKobo: kobo });

/** The whole price list as it now stands (a PUT replaces it). */
export const priceListUpdated = defineEvent(
  'PriceListUpdated',
  z.object({ hospitalId: z.string(), medications: z.array(medicationPrice), labTests: z.array(labTestPrice) }),
);

/**
 * A ₦0 line priced by the accountant on the invoice (issue 34 §1): its new unit price and amount,
 * its HMO share at the invoice's cover, and the invoice's new total. Only a line at ₦0 is priced
 * here, so nothing paid is ever changed.
 */
export const invoiceLineRepriced = defineEvent(
  'InvoiceLineRepriced',
  z.object({
    invoiceId: z.string(),
    patientId: z.string(),
    patientName: z.string(),
    lineId: z.string(),
    description: z.string(),
    fromUnitPriceKobo: kobo,
    unitPriceKobo: kobo,
    amountKobo: kobo,
    hmoKobo: kobo.optional(),
    totalKobo: kobo,
  }),
);

export { PRICE_KINDS };
export type PriceKind = (typeof PRICE_KINDS)[number];

/**
 * One item's price changed (issue 34 §1): a medication by name, a lab test by code, another service
 * (registration card, admission per day, a procedure) by name; `fromKobo` null: it had none.
 */
export const priceSet = defineEvent(
  'PriceSet',
  z.object({
    hospitalId: z.string(),
    kind: z.enum(PRICE_KINDS),
    key: z.string(),
    name: z.string(),
    fromKobo: kobo.nullable(),
    toKobo: kobo,
  }),
);

export const billingContracts = [
  invoiceRaised,
  invoiceLinesAdded,
  paymentRecorded,
  invoiceVoided,
  invoiceClaimed,
  invoiceClaimSettled,
  receiptNumberIssued,
  priceListUpdated,
  invoiceLineRepriced,
  priceSet,
] as const;

/** The module's events by type name: `BillingEvents['InvoiceRaised']`. */
export type BillingEvents = EventMap<typeof billingContracts>;
export type InvoiceRaised = BillingEvents['InvoiceRaised'];
export type PaymentRecorded = BillingEvents['PaymentRecorded'];
export type ReceiptNumberIssued = BillingEvents['ReceiptNumberIssued'];
export type PriceListUpdated = BillingEvents['PriceListUpdated'];
export type PriceSet = BillingEvents['PriceSet'];
export type InvoiceEvent = BillingEvents[
  | 'InvoiceRaised'
  | 'InvoiceLinesAdded'
  | 'PaymentRecorded'
  | 'InvoiceVoided'
  | 'InvoiceClaimed'
  | 'InvoiceClaimSettled'
  | 'InvoiceLineRepriced'];
export type BillingEvent = EventsOf<typeof billingContracts>;
