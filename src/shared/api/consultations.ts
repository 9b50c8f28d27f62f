import { z } from 'zod';
import { createConsultationBody } from './consultation-inputs';
import { endpoint } from './endpoint';
import { labRequest } from './laboratory';
import { patientAsOfQuery } from './patient-inputs';

/**
 * The consultation endpoints (/api/consultations/…), declared once for the routes and the browser: the record
 * and its answers (the body is ./consultation-inputs.ts). They follow the read model's views
 * (src/modules/consultations/read-models/consultation-rows.ts); money is in naira here.
 */

/** As the patients module records vitals; the unit is absent on consultations recorded before it was kept. */
export const consultationVitals = z.object({
  bloodPressure: z.string().nullable(),
  pulseRate: z.number().nullable(),
  temperature: z.number().nullable(),
  temperatureUnit: z.enum(['C', 'F']).optional(),
  weight: z.number().nullable(),
  height: z.number().nullable(),
  respiratoryRate: z.number().nullable(),
  oxygenSaturation: z.number().nullable(),
});

export const medication = z.object({
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

export const consultation = z.object({
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
  prescriptions: z.array(medication),
  billing: z.object({
    currency: z.literal('NGN'),
    consultationFee: z.number(),
    additionalCharges: z.array(z.object({ description: z.string().nullable(), amount: z.number() })),
    totalAmount: z.number(),
  }),
  followUpRequired: z.boolean(),
  followUpDate: z.string().nullable(),
  followUpInstructions: z.string().nullable(),
  labOrders: z.array(labRequest),
});

const created = z.object({
  consultation: consultation.optional(),
  /** The invoice billing raises for the consultation; GET /api/billing/invoices/{id} waits for it. */
  invoiceId: z.string(),
});

/**
 * POST /api/consultations/create (201): the record with its prescription, lab orders and fee. Its answer
 * repeats `consultation` at the top for the spec's client and always says its message, so it is written out.
 */
export const createConsultationEndpoint = {
  method: 'POST',
  path: '/consultations/create',
  body: createConsultationBody,
  data: created,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    consultation: consultation.optional(),
    data: created,
  }),
} as const;

/** GET /api/consultations/patient/{patientId}: newest first; with `asOf` (admin, compliance) as they stood then. */
export const patientConsultationsEndpoint = endpoint({
  method: 'GET',
  path: '/consultations/patient/:patientId',
  params: z.object({ patientId: z.string().max(100) }),
  query: patientAsOfQuery,
  data: z.array(consultation),
});

/** GET /api/consultations/stats/mine: the distinct patients the signed-in doctor has consulted. */
export const patientsSeenEndpoint = endpoint({
  method: 'GET',
  path: '/consultations/stats/mine',
  data: z.object({ patientsSeen: z.number() }),
});
