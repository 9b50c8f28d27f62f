import { DOB_IN_FUTURE, INVALID_PHONE, isValidPhone } from '../../../shared/api/patient-inputs';
import type { PatientFields } from './api/register-patient';

// The phone rule is the registration contract's (src/shared/api/patient-inputs.ts): the form checks what the server does.
export { INVALID_PHONE, isValidPhone };

export type PatientField = keyof PatientFields;
export const PATIENT_FIELDS: readonly PatientField[] = [
  'firstName',
  'lastName',
  'dateOfBirth',
  'gender',
  'phoneNumber',
  'address',
  'identificationNumber',
  'emergencyContactName',
  'emergencyContactRelationship',
  'emergencyContactPhone',
];

export const EMPTY_PATIENT: PatientFields = {
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  gender: '',
  phoneNumber: '',
  address: '',
  identificationNumber: '',
  emergencyContactName: '',
  emergencyContactRelationship: '',
  emergencyContactPhone: '',
};

/** Today as the date input's value (YYYY-MM-DD) in the browser's own calendar. */
export function todayInput(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The registration rules of product-spec-2 §5 with its messages, in the form's order, so the first
 * message is the one shown as a toast.
 */
export function validatePatient(fields: PatientFields, now: Date): Partial<Record<PatientField, string>> {
  const errors: Partial<Record<PatientField, string>> = {};
  const blank = (v: string) => v.trim() === '';
  if (blank(fields.firstName)) errors.firstName = 'First name is required';
  if (blank(fields.lastName)) errors.lastName = 'Last name is required';
  if (blank(fields.dateOfBirth)) errors.dateOfBirth = 'Date of birth is required';
  else if (fields.dateOfBirth > todayInput(now)) errors.dateOfBirth = DOB_IN_FUTURE;
  if (blank(fields.gender)) errors.gender = 'Gender is required';
  if (blank(fields.phoneNumber)) errors.phoneNumber = 'Phone number is required';
  else if (!isValidPhone(fields.phoneNumber)) errors.phoneNumber = INVALID_PHONE;
  if (blank(fields.address)) errors.address = 'Address is required';
  if (blank(fields.identificationNumber)) errors.identificationNumber = 'Identification number is required';
  if (!blank(fields.emergencyContactPhone) && !isValidPhone(fields.emergencyContactPhone)) {
    errors.emergencyContactPhone = INVALID_PHONE;
  }
  return errors;
}

/** The first message in the form's order, for the toast. */
export function firstError(errors: Partial<Record<PatientField, string>>): string | undefined {
  for (const field of PATIENT_FIELDS) if (errors[field]) return errors[field];
  return undefined;
}
