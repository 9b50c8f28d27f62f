import { describe, expect, it } from 'vitest';
import {
  adminErrors,
  hospitalErrors,
  INVALID_EMAIL,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  REQUIRED_FIELDS,
  yearRangeMessage,
} from './validation';

// The field formats themselves are the server's, tested in src/modules/hospitals/registration-rules.unit.test.ts;
// the wizard's rendering of each message is tested in hospital-step.test.tsx. Here: the form-level wrappers.

describe('Step 1 as a whole', () => {
  const valid = {
    name: 'Lagoon Hospital',
    email: 'info@lagoon.ng',
    licenseNumber: 'HEFAMAA/LAG/2024/CLI/001234',
    registrationNumber: 'RGN/LAG/2024/0001847',
    hospitalNumber: 'DVC/2024/001234',
  };

  it('has no errors for valid details', () => {
    expect(hospitalErrors(valid)).toEqual({});
  });

  it('gives each failing field its own message', () => {
    expect(hospitalErrors({ ...valid, name: ' ', email: 'not-an-email', hospitalNumber: 'DVC/2030/001234' })).toEqual({
      name: 'Hospital Name is required',
      email: INVALID_EMAIL,
      hospitalNumber: yearRangeMessage(),
    });
    expect(REQUIRED_FIELDS).toBe('Please fill in all required fields');
    expect(INVALID_EMAIL).toBe('Please enter a valid email address');
  });
});

describe('Step 2: the admin account', () => {
  const valid = {
    fullName: 'Ngozi Okafor',
    jobTitle: 'Medical Director',
    email: 'ngozi@lagoon.ng',
    password: 'kola-nut-42',
    confirmPassword: 'kola-nut-42',
  };

  it('has no errors for a valid account', () => {
    expect(adminErrors(valid)).toEqual({});
  });

  it('requires every field', () => {
    expect(adminErrors({ fullName: '', jobTitle: '', email: '', password: '', confirmPassword: '' })).toEqual({
      fullName: REQUIRED_FIELDS,
      jobTitle: REQUIRED_FIELDS,
      email: REQUIRED_FIELDS,
      password: REQUIRED_FIELDS,
    });
  });

  it('refuses a short password and mismatched confirmation with the spec messages', () => {
    expect(adminErrors({ ...valid, password: 'abc12', confirmPassword: 'abc12' })).toEqual({
      password: 'Password must be at least 6 characters long',
    });
    expect(adminErrors({ ...valid, confirmPassword: 'something-else' })).toEqual({
      confirmPassword: PASSWORDS_DO_NOT_MATCH,
    });
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 6 characters long');
  });

  it('refuses an admin email that does not look like an address', () => {
    expect(adminErrors({ ...valid, email: 'ngozi@lagoon' })).toEqual({ email: INVALID_EMAIL });
  });
});
