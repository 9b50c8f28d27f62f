import { z } from 'zod';
import { isCalendarDate } from '../hospital-calendar';
import { wholeNumberInput } from '../number-input';
import { endpoint } from './endpoint';
import { dayQuery } from './query-days';

/**
 * The pharmacy's stock (/api/inventory/…) and its reports (/api/pharmacy/reports/…), declared once for the
 * routes, the OpenAPI document and the browser.
 */
export const STOCK_STATUSES = ['In Stock', 'Low Stock', 'Out of Stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** The most one receipt, opening stock or adjustment may move (the inventory dialogs' bound too). */
export const MAX_MOVEMENT = 10_000_000;

const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters long`);

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

/** A stocked batch of a medication. */
export const medication = z.object({
  id: z.string(),
  name: z.string(),
  batchNumber: z.string(),
  vendor: z.string(),
  expiryDate: z.string(),
  stockQuantity: z.number(),
  reorderLevel: z.number(),
  status: z.enum(STOCK_STATUSES),
  expired: z.boolean(),
  expiringSoon: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
});

/** The batches of one medication together. */
export const medicationGroup = z.object({
  medicationId: z.string(),
  name: z.string(),
  batches: z.number(),
  stockQuantity: z.number(),
  reorderLevel: z.number(),
  nextExpiry: z.string().nullable(),
  status: z.enum(STOCK_STATUSES),
});

/** Every batch (name, then expiry) and the metrics' counts. */
export const medicationsEndpoint = endpoint({
  method: 'GET',
  path: '/inventory/medications',
  query: z.object({ search: z.string().trim().max(100).optional() }),
  data: z.object({
    medications: z.array(medication),
    summary: z.object({
      total: z.number(),
      inStock: z.number(),
      lowStock: z.number(),
      outOfStock: z.number(),
      expiringSoon: z.number(),
    }),
  }),
});

/** The days the expiring-soon list looks ahead by default. */
export const EXPIRING_SOON_DAYS = 90;

/** Batches with stock expiring within `days`, soonest first. */
export const expiringSoonEndpoint = endpoint({
  method: 'GET',
  path: '/inventory/medications/expiring-soon',
  query: z.object({
    days: z.coerce
      .number()
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(3650, 'days must be at most 3650')
      .default(EXPIRING_SOON_DAYS),
  }),
  data: z.object({ days: z.number(), medications: z.array(medication) }),
});

export const medicationGroupsEndpoint = endpoint({
  method: 'GET',
  path: '/inventory/medications/groups',
  data: z.object({ groups: z.array(medicationGroup) }),
});

const oneMedication = z.object({ medication });

export const addMedicationEndpoint = endpoint({
  method: 'POST',
  path: '/inventory/medications',
  body: createMedicationBody,
  data: oneMedication,
});

export const receiveStockEndpoint = endpoint({
  method: 'POST',
  path: '/inventory/medications/:id/receipts',
  params: medicationIdParams,
  body: receiptBody,
  data: oneMedication,
});

export const adjustStockEndpoint = endpoint({
  method: 'POST',
  path: '/inventory/medications/:id/adjustments',
  params: medicationIdParams,
  body: adjustmentBody,
  data: oneMedication,
});

// ─── Reports

/** A period of hospital days, both included; left out, this month so far (the hospital's days). */
export const reportQuery = z
  .object({
    from: dayQuery('From'),
    to: dayQuery('To'),
    format: z.enum(['json', 'csv'], { error: 'Format must be one of: json, csv' }).default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must be on or before To', path: ['from'] });

const period = { from: z.string(), to: z.string() };
const figures = { quantity: z.number(), prescriptions: z.number(), patients: z.number() };

/** Per medication: quantity dispensed, prescriptions and patients in a period (format=csv: a file instead). */
export const dispensingReportEndpoint = endpoint({
  method: 'GET',
  path: '/pharmacy/reports/dispensing',
  query: reportQuery,
  data: z.object({
    ...period,
    rows: z.array(z.object({ name: z.string(), ...figures })),
    totals: z.object(figures),
  }),
});

/** Per medication: on hand now, received, adjusted and dispensed in a period, reorder level, status, nearest expiry. */
export const stockReportEndpoint = endpoint({
  method: 'GET',
  path: '/pharmacy/reports/stock',
  query: reportQuery,
  data: z.object({
    ...period,
    today: z.string(),
    rows: z.array(
      z.object({
        name: z.string(),
        batches: z.number(),
        onHand: z.number(),
        expiredOnHand: z.number(),
        received: z.number(),
        adjusted: z.number(),
        dispensed: z.number(),
        reorderLevel: z.number(),
        status: z.enum(STOCK_STATUSES),
        nearestExpiry: z.string().nullable(),
      }),
    ),
  }),
});
