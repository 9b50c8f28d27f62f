import { z } from 'zod';
import { wholeNumberInput } from '../../platform/http/number-input';
import { isCalendarDate } from '../patients';
import { type stockStatus } from './medication';

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters long`);

/** The most one receipt, opening stock or adjustment may move (the inventory dialogs' bound too). */
export const MAX_MOVEMENT = 10_000_000;

const wholeNumber = (field: string, min: number) => wholeNumberInput(field, min, MAX_MOVEMENT);

export const createMedicationBody = z.object({
  name: required('Medication name is required'),
  batchNumber: required('Batch number is required', 100),
  vendor: required('Vendor is required'),
  expiryDate: required('Expiry date is required', 40)
    .transform((v) => v.slice(0, 10))
    .refine(isCalendarDate, 'Please enter a valid expiry date'),
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
