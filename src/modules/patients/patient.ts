import type { z } from 'zod';
import type { GENDERS, PATIENT_STATUSES, patientDetails, PatientEvent } from './events';

/** The patient aggregate, stream `patient-<patientId>`. */

export type { PatientEvent, PatientRegistered } from './events';
export type PatientStatus = (typeof PATIENT_STATUSES)[number];
export type Gender = (typeof GENDERS)[number];

export type PatientDetails = z.infer<typeof patientDetails>;

export type PatientState =
  { status: 'none' } | { status: 'registered'; patientId: string; hospitalId: string; patientStatus: PatientStatus };

export const patientStream = (patientId: string) => `patient-${patientId}`;

export const initialPatientState = (): PatientState => ({ status: 'none' });

export function evolvePatient(state: PatientState, event: PatientEvent): PatientState {
  switch (event.type) {
    case 'PatientRegistered':
      return {
        status: 'registered',
        patientId: event.data.patientId,
        hospitalId: event.data.hospitalId,
        patientStatus: event.data.status,
      };
    default:
      return state;
  }
}
