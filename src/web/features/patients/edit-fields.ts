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

/** The fields that differ between two versions of the form (trimmed): what an edit changes. */
export function changedFields(before: PatientFields, after: PatientFields): Partial<PatientFields> {
  const changes: Partial<PatientFields> = {};
  for (const field of Object.keys(FIELD_LABELS) as PatientField[]) {
    if (before[field].trim() !== after[field].trim()) changes[field] = after[field].trim();
  }
  return changes;
}

export type StaleRow = { field: PatientField; theirs: string; mine: string; conflict: boolean };

/**
 * After a 409 STALE_VERSION: each field someone else changed (loaded → current) or this person
 * changed (loaded → form), with the value saved now and the value on the form. A field both changed,
 * to different values, is a conflict.
 */
export function staleRows(loaded: PatientFields, current: PatientFields, form: PatientFields): StaleRow[] {
  const theirs = changedFields(loaded, current);
  const mine = changedFields(loaded, form);
  return (Object.keys(FIELD_LABELS) as PatientField[])
    .filter((f) => f in theirs || f in mine)
    .map((field) => ({
      field,
      theirs: current[field],
      mine: form[field],
      conflict: field in theirs && field in mine && current[field].trim() !== form[field].trim(),
    }));
}

/**
 * 'Reapply my changes': the record as it now stands with only this person's own changes laid over
 * it, so fields they never touched keep someone else's newer values instead of reverting them.
 */
export function reapply(loaded: PatientFields, current: PatientFields, form: PatientFields): PatientFields {
  return { ...current, ...changedFields(loaded, form) };
}
