import type { z } from 'zod';
import type { GENDERS, PATIENT_STATUSES, patientDetails, PatientEvent, vitalSigns } from './events';

/** The patient aggregate, stream `patient-<patientId>`. */

export type { PatientEvent, PatientRegistered } from './events';
export type PatientStatus = (typeof PATIENT_STATUSES)[number];
export type Gender = (typeof GENDERS)[number];

export type PatientDetails = z.infer<typeof patientDetails>;
export type VitalSigns = z.infer<typeof vitalSigns>;

export type PatientState =
  | { status: 'none' }
  | {
      status: 'registered';
      patientId: string;
      hospitalId: string;
      patientStatus: PatientStatus;
      /** The registration fields as they stand: an edit records the values it replaces. */
      details: PatientDetails;
      /** Admitted to a ward and not discharged since. */
      admitted: boolean;
    }
  | { status: 'deleted'; patientId: string; hospitalId: string };

export const patientStream = (patientId: string) => `patient-${patientId}`;

export const initialPatientState = (): PatientState => ({ status: 'none' });

export function evolvePatient(state: PatientState, event: PatientEvent): PatientState {
  switch (event.type) {
    case 'PatientRegistered': {
      const { patientId, hospitalId, status, ...details } = event.data;
      return { status: 'registered', patientId, hospitalId, patientStatus: status, details, admitted: false };
    }
    case 'PatientDetailsEdited':
      return state.status === 'registered' ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
    case 'PatientStatusChanged':
      return state.status === 'registered'
        ? { ...state, patientStatus: event.data.to, admitted: state.admitted && event.data.to !== 'discharged' }
        : state;
    case 'PatientAdmitted':
      return state.status === 'registered' ? { ...state, admitted: true } : state;
    case 'PatientRecordDeleted':
      return state.status === 'registered'
        ? { status: 'deleted', patientId: state.patientId, hospitalId: state.hospitalId }
        : state;
    default:
      return state;
  }
}
