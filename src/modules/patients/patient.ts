/** The patient aggregate, stream `patient-<patientId>`. Later issues add edits, status changes and deletion. */
export type PatientStatus = 'waiting' | 'consultation' | 'test complete' | 'refer for test' | 'seen' | 'discharged';
export type Gender = 'Male' | 'Female' | 'Other';

export type PatientDetails = {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  gender: Gender;
  phoneNumber: string;
  address: string;
  /** Uppercase; unique within the hospital. */
  identificationNumber: string;
  emergencyContactName: string | null;
  emergencyContactRelationship: string | null;
  /** Null means "use the patient's own phone" (product-spec-2 §5). */
  emergencyContactPhone: string | null;
};

export type PatientRegistered = {
  type: 'PatientRegistered';
  data: PatientDetails & { patientId: string; hospitalId: string; status: PatientStatus };
};

export type PatientEvent = PatientRegistered;

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
