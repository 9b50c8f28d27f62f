import { z } from 'zod';
import { medication as medicationSchema } from '../../shared/api/consultations';
import { paginationSchema } from '../laboratory';

/**
 * The answers of the pharmacist's prescription routes, for the OpenAPI document and the serializer. A
 * medication is the consultation contract's (src/shared/api/consultations.ts); money is in naira here.
 */
export const pendingPrescriptionSchema = z.object({
  id: z.string(),
  consultationId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  dateIssued: z.string().meta({ format: 'date-time' }),
  prescribedBy: z.string(),
  diagnosis: z.string(),
  medications: z.array(medicationSchema),
});

export const pendingPrescriptionsPage = z.object({
  success: z.literal(true),
  data: z.array(pendingPrescriptionSchema),
  pagination: paginationSchema,
});

/** The indexes dispensed by this request (none when all were already), and the prescription as it now is. */
export const dispenseResult = z.object({
  dispensed: z.array(z.number().int()),
  prescription: z.object({
    consultationId: z.string(),
    pending: z.boolean(),
    medications: z.array(medicationSchema),
  }),
});
