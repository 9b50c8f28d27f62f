import type { PatientDetail } from './api/patient-schemas';
import type { PatientFields } from './api/register-patient';
import type { PatientField } from './registration-rules';

/** The edit form's values from a patient detail. */
export function fieldsOf(p: PatientDetail): PatientFields {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth,
    gender: p.gender,
    phoneNumber: p.phoneNumber,
    address: p.address,
    identificationNumber: p.identificationNumber,
    emergencyContactName: p.emergencyContact.name ?? '',
    emergencyContactRelationship: p.emergencyContact.relationship ?? '',
    // The detail falls back to the patient's phone; the form shows a blank then, as it was registered.
    emergencyContactPhone:
      p.emergencyContact.phoneNumber && p.emergencyContact.phoneNumber !== p.phoneNumber
        ? p.emergencyContact.phoneNumber
        : '',
  };
}

export const FIELD_LABELS: Record<PatientField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  dateOfBirth: 'Date of Birth',
  gender: 'Gender',
  phoneNumber: 'Phone Number',
  address: 'Address',
  identificationNumber: 'Identification Number',
  emergencyContactName: 'Contact Name',
  emergencyContactRelationship: 'Relationship',
  emergencyContactPhone: 'Contact Phone',
};

/** The fields where someone else's saved value differs from what the form would send. */
export function conflicts(mine: PatientFields, current: PatientFields): { field: PatientField; theirs: string }[] {
  return (Object.keys(FIELD_LABELS) as PatientField[])
    .filter((f) => mine[f].trim() !== current[f].trim())
    .map((f) => ({ field: f, theirs: current[f] }));
}
