import type { DataOf } from '../../../shared/api/endpoint';
import { type patientEndpoint, patientsEndpoint, type vitals } from '../../../shared/api/patients';
import type { z } from '../zod';
import { answer } from './fake-api';

/**
 * Patients as the patients endpoints answer them (src/shared/api/patients.ts), for the jsdom tests of every
 * screen that lists or opens one: a fixture typed by the contract, so a test cannot pass against a patient the
 * server never sends. Give only what the test is about.
 */
export type ListedPatient = DataOf<typeof patientsEndpoint>['patients'][number];
export type PatientRecordAnswer = DataOf<typeof patientEndpoint>;

export function listedPatient(over: Partial<ListedPatient> = {}): ListedPatient {
  return {
    id: 'p-1',
    name: 'Chioma Nwosu',
    firstName: 'Chioma',
    lastName: 'Nwosu',
    age: 34,
    gender: 'Female',
    contact: '08031234567',
    status: 'waiting',
    dateRegistered: '2026-11-20T09:00:00.000Z',
    identificationNumber: 'PAT123456789',
    diagnosis: null,
    vitals: null,
    registeredBy: null,
    ...over,
  };
}

export function patientRecord(over: Partial<PatientRecordAnswer> = {}): PatientRecordAnswer {
  return {
    ...listedPatient(),
    dateOfBirth: '1992-04-02',
    phoneNumber: '08031234567',
    address: '3 Allen Avenue, Ikeja',
    emergencyContact: { name: null, relationship: null, phoneNumber: '08031234567' },
    prescriptions: [],
    admission: null,
    version: 1,
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...over,
  };
}

/** Vitals as a nurse records them: weight in kg, temperature in the unit taken. */
export function recordedVitals(over: Partial<z.input<typeof vitals>> = {}): z.input<typeof vitals> {
  return {
    bloodPressure: '120/80',
    pulseRate: 72,
    temperature: 37,
    weight: 70,
    height: 170,
    respiratoryRate: 16,
    oxygenSaturation: 98,
    temperatureUnit: 'C',
    recordedAt: '2026-11-21T10:00:00.000Z',
    recordedBy: { id: 'n-1', name: 'Amaka Eze' },
    ...over,
  };
}

/** GET /api/patients's answer: one page of `patients` out of `total`, `limit` a page. */
export function patientsPageAnswer(
  patients: ListedPatient[],
  { total = patients.length, page = 1, limit = 10 }: { total?: number; page?: number; limit?: number } = {},
) {
  const pagination = { page, limit, totalPages: Math.ceil(total / limit), totalPatients: total };
  return answer(patientsEndpoint, { patients, pagination });
}
