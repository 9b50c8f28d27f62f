import { z } from 'zod';
import { PATIENT_STATUSES, type PatientStatus } from '../patient-statuses';
import { recordVitalsBody } from '../vitals-rules';
import { endpoint } from './endpoint';
import {
  admitPatientBody,
  changeStatusBody,
  editPatientBody,
  listPatientsQuery,
  patientAsOfQuery,
  patientIdParams,
  registerPatientBody,
} from './patient-inputs';

/**
 * The patients endpoints (/api/patients/…), declared once for the routes and the browser: what each takes
 * (./patient-inputs.ts) and what it answers.
 */
const person = z.object({ id: z.string(), name: z.string() });

export const vitals = z.object({
  bloodPressure: z.string().nullable(),
  pulseRate: z.number().nullable(),
  temperature: z.number().nullable(),
  weight: z.number().nullable(),
  height: z.number().nullable(),
  respiratoryRate: z.number().nullable(),
  oxygenSaturation: z.number().nullable(),
  temperatureUnit: z.enum(['C', 'F']),
  recordedAt: z.string(),
  recordedBy: person,
});

export const admission = z.object({
  ward: z.string(),
  reason: z.string().nullable(),
  admittedAt: z.string(),
  admittedBy: person,
});

export const patientListItem = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  age: z.number(),
  gender: z.string(),
  contact: z.string(),
  status: z.string(),
  dateRegistered: z.string(),
  identificationNumber: z.string(),
  diagnosis: z.string().nullable(),
  vitals: vitals.nullable(),
  /** Who registered the patient: the admin's list shows it. */
  registeredBy: person.nullable(),
});

export const patientDetail = patientListItem.extend({
  dateOfBirth: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  emergencyContact: z.object({
    name: z.string().nullable(),
    relationship: z.string().nullable(),
    phoneNumber: z.string(),
  }),
  prescriptions: z.array(z.unknown()),
  admission: admission.nullable(),
  version: z.number(),
  updatedAt: z.string(),
});

export const patientsPagination = z.object({
  page: z.number(),
  limit: z.number(),
  totalPages: z.number(),
  totalPatients: z.number(),
  /** A search with more matches than it counts: totalPatients is a lower bound. */
  totalIsCapped: z.boolean().optional(),
});

/** A patient the hospital already has that a registration looks like: a 409 LIKELY_DUPLICATE names them. */
export const duplicateCandidate = z.object({
  id: z.string(),
  name: z.string(),
  dateOfBirth: z.string(),
  phoneNumber: z.string(),
  identificationNumber: z.string(),
});

/** The patient as a change left it. */
const changedPatient = z.object({ patient: patientDetail });

/** GET /api/patients: a page of the hospital's patients, newest first, searched and filtered by status. */
export const patientsEndpoint = endpoint({
  method: 'GET',
  path: '/patients',
  query: listPatientsQuery,
  data: z.object({ patients: z.array(patientListItem), pagination: patientsPagination }),
});

/** POST /api/patients (201); 409 LIKELY_DUPLICATE with the candidates unless `allowDuplicate`. */
export const registerPatientEndpoint = endpoint({
  method: 'POST',
  path: '/patients',
  body: registerPatientBody,
  data: changedPatient,
});

/** GET /api/patients/stats: counts by status, registered today (the hospital's day) and ever seen. */
export const patientStatsEndpoint = endpoint({
  method: 'GET',
  path: '/patients/stats',
  data: z.object({
    totalPatients: z.number(),
    // Every status, with 0 for none: a screen never has to guess a missing one.
    byStatus: z.object(
      Object.fromEntries(PATIENT_STATUSES.map((s) => [s, z.number()])) as Record<PatientStatus, z.ZodNumber>,
    ),
    registeredToday: z.number(),
    seenCount: z.number(),
  }),
});

/** GET /api/patients/{id}: the detail with its version; with `asOf`, the record as it stood then. */
export const patientEndpoint = endpoint({
  method: 'GET',
  path: '/patients/:id',
  params: patientIdParams,
  query: patientAsOfQuery,
  data: patientDetail,
});

/** PUT /api/patients/{id}: changed fields and the version edited; 409 STALE_VERSION with `current`. */
export const editPatientEndpoint = endpoint({
  method: 'PUT',
  path: '/patients/:id',
  params: patientIdParams,
  body: editPatientBody,
  data: changedPatient,
});

export const changePatientStatusEndpoint = endpoint({
  method: 'PATCH',
  path: '/patients/:id/status',
  params: patientIdParams,
  body: changeStatusBody,
  data: changedPatient,
});

/** POST /api/patients/{id}/vitals (201): at least one sign, each within its range. */
export const recordVitalsEndpoint = endpoint({
  method: 'POST',
  path: '/patients/:id/vitals',
  params: patientIdParams,
  body: recordVitalsBody,
  data: z.object({ vitals }),
});

/** POST /api/patients/{id}/admissions (201). */
export const admitPatientEndpoint = endpoint({
  method: 'POST',
  path: '/patients/:id/admissions',
  params: patientIdParams,
  body: admitPatientBody,
  data: changedPatient,
});

/**
 * DELETE /api/patients/{id}: the patient leaves every list (the history stays). Its answer is a message and no
 * `data`, so it is written out here rather than through `endpoint`.
 */
export const deletePatientEndpoint = {
  method: 'DELETE',
  path: '/patients/:id',
  params: patientIdParams,
  data: z.undefined(),
  response: z.object({ success: z.literal(true), message: z.string() }),
} as const;
