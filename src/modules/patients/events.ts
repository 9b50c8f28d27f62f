import { z } from 'zod';
import { defineEvent, type EventMap, type EventsOf } from '../../platform/event-store/contracts';
import { PATIENT_STATUSES } from '../../shared/patient-statuses';

/** The patients module's events, stream `patient-<patientId>`; the tenant is in every event's metadata. */
export { PATIENT_STATUSES };
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const TEMPERATURE_UNITS = ['C', 'F'] as const;

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

/** Measurements as recorded; null where not taken. Weight in kg, height in cm, blood pressure 'systolic/diastolic' mmHg. */
export const vitalSigns = z.object({
  bloodPressure: z.string().nullable(),
  pulseRate: z.number().nullable(),
  temperature: z.number().nullable(),
  temperatureUnit: z.enum(TEMPERATURE_UNITS),
  weight: z.number().nullable(),
  height: z.number().nullable(),
  respiratoryRate: z.number().nullable(),
  oxygenSaturation: z.number().nullable(),
});

const status = z.enum(PATIENT_STATUSES);

export const patientRegistered = defineEvent(
  'PatientRegistered',
  patientDetails.extend({ patientId: z.string(), hospitalId: z.string(), status }),
);

/**
 * An edit of the registration fields: only the fields that changed, each with its new value in
 * `changes` and the value it replaced in `previous`, so the audit trail shows old → new without
 * replaying the stream.
 */
export const patientDetailsEdited = defineEvent(
  'PatientDetailsEdited',
  z.object({ patientId: z.string(), changes: patientDetails.partial(), previous: patientDetails.partial() }),
);

export const patientStatusChanged = defineEvent(
  'PatientStatusChanged',
  z.object({ patientId: z.string(), from: status, to: status }),
);

/** Who took them and when are the event's metadata (actor, occurredAt). */
export const vitalsRecorded = defineEvent('VitalsRecorded', z.object({ patientId: z.string(), vitals: vitalSigns }));

/**
 * The doctor admits the patient to a ward (who and when are the event's metadata). The admission
 * lasts until the patient's status becomes 'discharged'.
 */
export const patientAdmitted = defineEvent(
  'PatientAdmitted',
  z.object({ patientId: z.string(), ward: z.string(), reason: z.string().nullable() }),
);

/** The record leaves every list; the stream and its history stay for the audit trail. */
export const patientRecordDeleted = defineEvent('PatientRecordDeleted', z.object({ patientId: z.string() }));

export const patientsContracts = [
  patientRegistered,
  patientDetailsEdited,
  patientStatusChanged,
  vitalsRecorded,
  patientAdmitted,
  patientRecordDeleted,
] as const;

/** The module's events by type name: `PatientsEvents['PatientRegistered']`. */
export type PatientsEvents = EventMap<typeof patientsContracts>;
export type PatientRegistered = PatientsEvents['PatientRegistered'];
export type PatientStatusChanged = PatientsEvents['PatientStatusChanged'];
export type VitalsRecorded = PatientsEvents['VitalsRecorded'];
export type PatientAdmitted = PatientsEvents['PatientAdmitted'];
export type PatientEvent = EventsOf<typeof patientsContracts>;
