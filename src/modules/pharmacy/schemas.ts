import { z } from 'zod';
import { wholeNumberInput } from '../../platform/http/number-input';
import { isCalendarDate } from '../../shared/hospital-calendar';
import { type stockStatus } from './medication';

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters long`);

/** The most one receipt, opening stock or adjustment may move (the inventory dialogs' bound too). */
export const MAX_MOVEMENT = 10_000_000;

const wholeNumber = (field: string, min: number) => wholeNumberInput(field, min, MAX_MOVEMENT);

const EXPIRY_REQUIRED = 'Expiry date is required';
const EXPIRY_INVALID = 'Please enter a valid expiry date';

/** A calendar date (`format: date` in the document); a full ISO timestamp is read as its date. */
const expiryDate = z.preprocess(
  (v) => (typeof v === 'string' ? (/^\d{4}-\d{2}-\d{2}T/.test(v.trim()) ? v.trim().slice(0, 10) : v.trim()) : v),
  z.iso
    .date({
      error: (issue) => (typeof issue.input !== 'string' || issue.input === '' ? EXPIRY_REQUIRED : EXPIRY_INVALID),
    })
    .refine(isCalendarDate, EXPIRY_INVALID),
);

export const createMedicationBody = z.object({
  name: required('Medication name is required'),
  batchNumber: required('Batch number is required', 100),
  vendor: required('Vendor is required'),
  expiryDate,
  quantity: wholeNumber('Quantity', 0),
  reorderLevel: wholeNumber('Reorder level', 0),
});

export const receiptBody = z.object({
  quantity: wholeNumber('Quantity', 1),
  reason: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
});

export const adjustmentBody = z.object({
  quantity: wholeNumber('Quantity', -MAX_MOVEMENT).refine((n) => n !== 0, 'Quantity must not be zero'),
  reason: required('Reason is required', 500),
});

export const medicationIdParams = z.object({ id: z.string().min(1).max(100) });
export const listMedicationsQuery = z.object({ search: z.string().trim().max(100).optional() });

export const medicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  batchNumber: z.string(),
  vendor: z.string(),
  expiryDate: z.string(),
  stockQuantity: z.number(),
  reorderLevel: z.number(),
  status: z.enum(['In Stock', 'Low Stock', 'Out of Stock'] satisfies ReturnType<typeof stockStatus>[]),
  expired: z.boolean(),
  expiringSoon: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
});

export const medicationGroupSchema = z.object({
  medicationId: z.string(),
  name: z.string(),
  batches: z.number(),
  stockQuantity: z.number(),
  reorderLevel: z.number(),
  nextExpiry: z.string().nullable(),
  status: medicationSchema.shape.status,
});

export const inventorySchema = z.object({
  medications: z.array(medicationSchema),
  summary: z.object({
    total: z.number(),
    inStock: z.number(),
    lowStock: z.number(),
    outOfStock: z.number(),
    expiringSoon: z.number(),
  }),
});
