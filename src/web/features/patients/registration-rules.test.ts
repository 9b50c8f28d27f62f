import { describe, expect, it } from 'vitest';
import { EMPTY_PATIENT, firstError, isValidPhone, todayInput, validatePatient } from './registration-rules';

const now = new Date(2026, 4, 10, 9, 30);
const valid = {
  ...EMPTY_PATIENT,
  firstName: 'Ada',
  lastName: 'Obi',
  dateOfBirth: '1990-02-01',
  gender: 'Female',
  phoneNumber: '+234 803 123 4567',
  address: '12 Marina, Lagos',
  identificationNumber: 'PAT123456789',
};

describe('validatePatient', () => {
  it('accepts a complete registration without emergency contact', () => {
    expect(validatePatient(valid, now)).toEqual({});
  });

  it("gives every required field the spec's message, first name first", () => {
    const errors = validatePatient(EMPTY_PATIENT, now);
    expect(errors).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      dateOfBirth: 'Date of birth is required',
      gender: 'Gender is required',
      phoneNumber: 'Phone number is required',
      address: 'Address is required',
      identificationNumber: 'Identification number is required',
    });
    expect(firstError(errors)).toBe('First name is required');
  });

  it('refuses a birth date after today but accepts today', () => {
    expect(validatePatient({ ...valid, dateOfBirth: '2026-05-11' }, now).dateOfBirth).toBe(
      'Date of birth cannot be in the future',
    );
    expect(validatePatient({ ...valid, dateOfBirth: todayInput(now) }, now)).toEqual({});
  });

  it('checks the phone and an optional emergency phone', () => {
    expect(validatePatient({ ...valid, phoneNumber: '0803 12' }, now).phoneNumber).toBe(
      'Please enter a valid phone number',
    );
    expect(validatePatient({ ...valid, emergencyContactPhone: 'call me' }, now).emergencyContactPhone).toBe(
      'Please enter a valid phone number',
    );
    expect(isValidPhone('(0803) 123-4567')).toBe(true);
    expect(isValidPhone('0803abc4567')).toBe(false);
  });
});
