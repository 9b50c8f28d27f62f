import { z } from 'zod';
import { defineEvent, type EventOf } from '../../platform/event-store/contracts';

/** The patients module's events, stream `patient-<patientId>`. */
export const PATIENT_STATUSES = [
  'waiting',
  'consultation',
  'test complete',
  'refer for test',
  'seen',
  'discharged',
] as const;
export const GENDERS = ['Male', 'Female', 'Other'] as const;

export const patientDetails = z.object({
  firstName: z.string(),
  lastName: z.string(),
  /** YYYY-MM-DD. */
  dateOfBirth: z.string(),
  gender: z.enum(GENDERS),
  phoneNumber: z.string(),
  address: z.string(),
  /** Uppercase; unique within the hospital. */
  identificationNumber: z.string(),
  emergencyContactName: z.string().nullable(),
  emergencyContactRelationship: z.string().nullable(),
  /** Null means "use the patient's own phone" (product-spec-2 §5). */
  emergencyContactPhone: z.string().nullable(),
});

export const patientRegistered = defineEvent(
  'PatientRegistered',
  patientDetails.extend({ patientId: z.string(), hospitalId: z.string(), status: z.enum(PATIENT_STATUSES) }),
);

export const patientsContracts = [patientRegistered] as const;

export type PatientRegistered = EventOf<typeof patientRegistered>;
export type PatientEvent = PatientRegistered;
