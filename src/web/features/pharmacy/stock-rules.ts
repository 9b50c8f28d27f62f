import { MAX_MOVEMENT } from '../../../shared/api/pharmacy';
import type { FieldMessages } from '../../lib/field-errors';
import { nairaProblem } from '../../../shared/money';

/**
 * The inventory dialogs' checks, before any call: the same rules and words as the server's
 * (the contract's bodies, src/shared/api/pharmacy.ts), so a person reads one message whichever side finds it.
 */
export type Values<K extends string> = Record<K, string>;

export const NEW_MEDICATION_FIELDS = [
  'name',
  'batchNumber',
  'vendor',
  'expiryDate',
  'quantity',
  'reorderLevel',
] as const;
export type NewMedicationField = (typeof NEW_MEDICATION_FIELDS)[number];
/** Add Medication with its price (issue 34 §1). */
export type PricedMedicationField = NewMedicationField | 'price';
export type PriceField = 'price';
export const RECEIPT_FIELDS = ['quantity', 'reason'] as const;
export type ReceiptField = (typeof RECEIPT_FIELDS)[number];
export const ADJUSTMENT_FIELDS = RECEIPT_FIELDS;

const MAX = MAX_MOVEMENT;

/** A whole number at least `min`, or the message saying why not. */
export function wholeNumberError(raw: string, field: string, min: number): string | undefined {
  const value = raw.trim();
  if (value === '') return `${field} is required`;
  const n = Number(value);
  if (!Number.isFinite(n)) return `${field} must be a number`;
  if (!Number.isInteger(n)) return `${field} must be a whole number`;
  if (n < min) return `${field} must be at least ${min}`;
  if (n > MAX) return `${field} is too large`;
  return undefined;
}

const isCalendarDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

function compact<K extends string>(errors: Record<K, string | undefined>): FieldMessages<K> {
  return Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) as FieldMessages<K>;
}

export function validateNewMedication(v: Values<NewMedicationField>): FieldMessages<NewMedicationField> {
  const expiry = v.expiryDate.trim();
  return compact({
    name: v.name.trim() ? undefined : 'Medication name is required',
    batchNumber: v.batchNumber.trim() ? undefined : 'Batch number is required',
    vendor: v.vendor.trim() ? undefined : 'Vendor is required',
    expiryDate: !expiry
      ? 'Expiry date is required'
      : isCalendarDate(expiry)
        ? undefined
        : 'Please enter a valid expiry date',
    quantity: wholeNumberError(v.quantity, 'Quantity', 0),
    reorderLevel: wholeNumberError(v.reorderLevel, 'Reorder level', 0),
  });
}

export function validateReceipt(v: Values<ReceiptField>): FieldMessages<ReceiptField> {
  return compact({ quantity: wholeNumberError(v.quantity, 'Quantity', 1), reason: undefined });
}

/** An adjustment is a signed correction (−3 after breakage, +2 after a count) with its reason. */
export function validateAdjustment(v: Values<ReceiptField>): FieldMessages<ReceiptField> {
  const quantity = wholeNumberError(v.quantity, 'Quantity', -MAX);
  return compact({
    quantity: quantity ?? (Number(v.quantity) === 0 ? 'Quantity must not be zero' : undefined),
    reason: v.reason.trim() ? undefined : 'Reason is required',
  });
}

/**
 * Add Medication with its price: the price may be left empty (a medication already priced keeps its
 * price; a new one has none yet), and when given it is naira with at most 2 decimals, as the server says.
 */
export function validatePricedMedication(v: Values<PricedMedicationField>): FieldMessages<PricedMedicationField> {
  const price = v.price.trim();
  const problem = price ? (nairaProblem(price, 'Price') ?? undefined) : undefined;
  return { ...validateNewMedication(v), ...(problem ? { price: problem } : {}) };
}

/** Set Price: a price is required. */
export function validatePrice(v: Values<PriceField>): FieldMessages<PriceField> {
  return compact({ price: nairaProblem(v.price.trim(), 'Price') ?? undefined });
}
