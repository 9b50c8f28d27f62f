import { z } from 'zod';
import { labRequestSchema, paginationSchema } from '../laboratory';
import { consultationVitals } from './events';

/**
 * The answers of the consultation routes, for the OpenAPI document and the serializer. They follow
 * read-models/consultation-rows.ts (`consultationView`, `medicationView`); money is in naira here.
 */
export const medicationSchema = z.object({
  index: z.number().int(),
  name: z.string(),
  medicationName: z.string(),
  /** The formulary medication it was picked from (issue 34); null: typed as free text. */
  medicationId: z.string().nullable(),
  dosage: z.string(),
  frequency: z.string(),
  duration: z.string(),
  instructions: z.string().nullable(),
  quantity: z.number().int(),
  dispensed: z.boolean(),
  dispensedAt: z.string().nullable(),
});

export const consultationSchema = z.object({
  id: z.string(),
  consultationDate: z.string().meta({ format: 'date-time' }),
  createdAt: z.string().meta({ format: 'date-time' }),
  patientId: z.string(),
  patientName: z.string(),
  doctor: z.object({ id: z.string(), name: z.string(), firstName: z.string(), lastName: z.string() }),
  chiefComplaint: z.string(),
  historyOfPresentIllness: z.string().nullable(),
  physicalExamination: z.string().nullable(),
  primaryDiagnosis: z.string(),
  treatmentPlan: z.string().nullable(),
  doctorNotes: z.string().nullable(),
  vitals: consultationVitals.nullable(),
  prescriptions: z.array(medicationSchema),
  billing: z.object({
    currency: z.literal('NGN'),
    consultationFee: z.number(),
    additionalCharges: z.array(z.object({ description: z.string().nullable(), amount: z.number() })),
    totalAmount: z.number(),
  }),
  followUpRequired: z.boolean(),
  followUpDate: z.string().nullable(),
  followUpInstructions: z.string().nullable(),
  labOrders: z.array(labRequestSchema),
});

/** 201 of POST /consultations/create: `consultation` is repeated at the top for the spec's client. */
export const consultationCreated = z.object({
  success: z.literal(true),
  message: z.string(),
  consultation: consultationSchema.optional(),
  data: z.object({
    consultation: consultationSchema.optional(),
    /** The invoice billing raises for the consultation; GET /api/billing/invoices/{id} waits for it. */
    invoiceId: z.string(),
  }),
});

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
