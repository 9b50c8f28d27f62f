import { z } from '../../../lib/zod';
import { ApiError, type FieldError } from '../../../lib/api-client';

/** A consultation as GET /api/consultations/patient/{id} answers it (product-spec-2 §3). */
const measured = z.number().nullable().optional();
export const consultationVitalsSchema = z.object({
  bloodPressure: z.string().nullable().optional(),
  pulseRate: measured,
  temperature: measured,
  temperatureUnit: z.enum(['C', 'F']).optional(),
  weight: measured,
});

export const medicationSchema = z.object({
  index: z.number(),
  medicationName: z.string(),
  dosage: z.string(),
  frequency: z.string(),
  duration: z.string(),
  instructions: z.string().nullable(),
  quantity: z.number(),
  dispensed: z.boolean(),
  dispensedAt: z.string().nullable(),
});

export const labOrderSchema = z.object({
  id: z.string(),
  testName: z.string(),
  testCode: z.string(),
  urgency: z.enum(['Routine', 'Urgent', 'STAT']),
  instructions: z.string().nullable(),
  status: z.string(),
  completed: z.boolean(),
  orderedAt: z.string(),
  completedAt: z.string().nullable(),
  /** Values by parameter, or one free-text report. */
  // Free text, values by parameter, or structured values ({ name, value, unit, ... }).
  results: z
    .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.record(z.string(), z.unknown()))])
    .nullable(),
  notes: z.string().nullable(),
  conductedBy: z.string().nullable(),
});

export const consultationSchema = z.object({
  id: z.string(),
  consultationDate: z.string(),
  patientId: z.string(),
  doctor: z.object({ id: z.string(), name: z.string() }),
  chiefComplaint: z.string(),
  primaryDiagnosis: z.string(),
  historyOfPresentIllness: z.string().nullable(),
  physicalExamination: z.string().nullable(),
  treatmentPlan: z.string().nullable(),
  doctorNotes: z.string().nullable(),
  vitals: consultationVitalsSchema.nullable(),
  prescriptions: z.array(medicationSchema),
  labOrders: z.array(labOrderSchema),
  billing: z.object({
    consultationFee: z.number(),
    additionalCharges: z.array(z.object({ description: z.string().nullable(), amount: z.number() })),
    totalAmount: z.number(),
  }),
});

export type Consultation = z.infer<typeof consultationSchema>;
export type Medication = z.infer<typeof medicationSchema>;
export type LabOrder = z.infer<typeof labOrderSchema>;

/** A refused clinical call: the message to show and the server's reasons per field. */
export class ClinicalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ClinicalError';
  }
}

/** The server's message when it sent one, else `fallback` (product-spec-2 §8); a wrong-shaped answer too. */
export function clinicalError(e: unknown, fallback: string): ClinicalError {
  if (e instanceof ApiError && e.status !== 0) {
    const message = (e.body as { message?: unknown } | undefined)?.message;
    return new ClinicalError(typeof message === 'string' && message ? message : fallback, e.status, e.errors);
  }
  if (e instanceof ApiError) return new ClinicalError(e.message, 0);
  return new ClinicalError(fallback, 0);
}
