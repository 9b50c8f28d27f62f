import { z } from 'zod';
import { defineEvent, type EventMap, type EventsOf } from '../../platform/event-store/contracts';

/** The pharmacy's stock, stream `medication-<medicationId>`: one stream per stocked batch of a medication. */
const quantity = z.number().int();

export const medicationDetails = z.object({
  name: z.string(),
  batchNumber: z.string(),
  vendor: z.string(),
  /** YYYY-MM-DD. */
  expiryDate: z.string(),
  reorderLevel: z.number().int().min(0),
});

export const medicationStocked = defineEvent(
  'MedicationStocked',
  medicationDetails.extend({ medicationId: z.string(), hospitalId: z.string(), quantity: quantity.min(0) }),
);

export const stockReceived = defineEvent(
  'StockReceived',
  z.object({ medicationId: z.string(), quantity: quantity.min(1), reason: z.string().nullable() }),
);

/** A correction after a count, breakage or expiry: `quantity` is the signed change. */
export const stockAdjusted = defineEvent(
  'StockAdjusted',
  z.object({ medicationId: z.string(), quantity, reason: z.string() }),
);

/** Stock handed out against a prescription item (consultation and the item's index). */
export const medicationDispensed = defineEvent(
  'MedicationDispensed',
  z.object({
    medicationId: z.string(),
    name: z.string(),
    quantity: quantity.min(1),
    consultationId: z.string(),
    prescriptionIndex: z.number().int().min(0),
    patientId: z.string(),
  }),
);

export const pharmacyContracts = [medicationStocked, stockReceived, stockAdjusted, medicationDispensed] as const;

/** The module's events by type name: `PharmacyEvents['MedicationStocked']`. */
export type PharmacyEvents = EventMap<typeof pharmacyContracts>;
export type MedicationStocked = PharmacyEvents['MedicationStocked'];
export type StockReceived = PharmacyEvents['StockReceived'];
export type StockAdjusted = PharmacyEvents['StockAdjusted'];
export type MedicationDispensed = PharmacyEvents['MedicationDispensed'];
export type MedicationEvent = EventsOf<typeof pharmacyContracts>;
