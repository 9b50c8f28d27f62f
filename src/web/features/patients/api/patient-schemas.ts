import { z } from '../../../lib/zod';
import { ApiError, type FieldError } from '../../../lib/api-client';

/** Vitals as the patients API answers them (null fields were not measured). */
export const vitalsSchema = z.object({
  bloodPressure: z.string().nullable(),
  pulseRate: z.number().nullable(),
  temperature: z.number().nullable(),
  weight: z.number().nullable(),
  height: z.number().nullable().optional(),
  respiratoryRate: z.number().nullable().optional(),
  oxygenSaturation: z.number().nullable().optional(),
  temperatureUnit: z.enum(['C', 'F']),
  recordedAt: z.string(),
  recordedBy: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type Vitals = z.infer<typeof vitalsSchema>;

export const patientListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  age: z.number().nullable(),
  gender: z.string(),
  contact: z.string(),
  status: z.string(),
  dateRegistered: z.string(),
  identificationNumber: z.string(),
  diagnosis: z.string().nullable(),
  vitals: vitalsSchema.nullable(),
});
export type PatientListItem = z.infer<typeof patientListItemSchema>;

export const patientDetailSchema = patientListItemSchema.extend({
  dateOfBirth: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  emergencyContact: z.object({
    name: z.string().nullable(),
    relationship: z.string().nullable(),
    phoneNumber: z.string().nullable(),
  }),
  version: z.number(),
  updatedAt: z.string(),
});
export type PatientDetail = z.infer<typeof patientDetailSchema>;

/** A refused patients call: the message to show, the server's field reasons and the envelope's extras. */
export class PatientsError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
    readonly code: string | undefined = undefined,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'PatientsError';
  }
}

/** The server's message when it sent one, else `fallback` (product-spec-2 §8). */
export function patientsError(e: unknown, fallback: string): PatientsError {
  if (e instanceof ApiError && e.status !== 0) {
    const body = e.body as { message?: unknown; code?: unknown } | undefined;
    const sent = typeof body?.message === 'string' && body.message ? body.message : fallback;
    return new PatientsError(sent, e.status, e.errors, typeof body?.code === 'string' ? body.code : undefined, body);
  }
  if (e instanceof ApiError) return new PatientsError(e.message, 0);
  // An answer of the wrong shape reads as the call's failure too.
  return new PatientsError(fallback, 0);
}
