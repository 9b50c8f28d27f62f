import { describe, expect, it } from 'vitest';
import {
  adminErrors,
  HOSPITAL_NUMBER_FORMAT,
  HOSPITAL_NUMBER_REQUIRED,
  hospitalErrors,
  hospitalNumberError,
  INVALID_CODE,
  INVALID_EMAIL,
  LICENSE_FORMAT,
  LICENSE_REQUIRED,
  licenseNumberError,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  REGISTRATION_FORMAT,
  REGISTRATION_RANGE,
  REGISTRATION_REQUIRED,
  registrationNumberError,
  REQUIRED_FIELDS,
  STATE_CODES,
  verificationCodeError,
  YEAR_RANGE,
} from './validation';

describe('Hospital Number (DVC/YEAR/6 digits)', () => {
  it.each([
    ['', HOSPITAL_NUMBER_REQUIRED],
    ['   ', HOSPITAL_NUMBER_REQUIRED],
    ['DVC/2024/12345', HOSPITAL_NUMBER_FORMAT],
    ['DVC/2024/1234567', HOSPITAL_NUMBER_FORMAT],
    ['DVX/2024/001234', HOSPITAL_NUMBER_FORMAT],
    ['DVC-2024-001234', HOSPITAL_NUMBER_FORMAT],
    ['DVC/24/001234', HOSPITAL_NUMBER_FORMAT],
    ['DVC/2019/001234', YEAR_RANGE],
    ['DVC/2026/001234', YEAR_RANGE],
  ])('%j gives %j', (value, message) => {
    expect(hospitalNumberError(value)).toBe(message);
  });

  it.each(['DVC/2020/000000', 'DVC/2024/001234', 'DVC/2025/999999', ' dvc/2024/001234 '])('accepts %j', (value) => {
    expect(hospitalNumberError(value)).toBeNull();
  });

  it("uses the spec's format message word for word", () => {
    expect(HOSPITAL_NUMBER_FORMAT).toBe(
      'Invalid Hospital Number format. Must be: DVC/[YEAR]/[6-digit number] (e.g., DVC/2024/001234)',
    );
    expect(YEAR_RANGE).toBe('Year must be between 2020-2025');
  });
});

describe('Facility License (HEFAMAA/STATE/YEAR/CLI/6 digits)', () => {
  it.each([
    ['', LICENSE_REQUIRED],
    ['HEFAMAA/LAG/2024/CLI/12345', LICENSE_FORMAT],
    ['HEFAMAA/LAG/2024/CLX/001234', LICENSE_FORMAT],
    ['HEFAMA/LAG/2024/CLI/001234', LICENSE_FORMAT],
    ['HEFAMAA/LA/2024/CLI/001234', LICENSE_FORMAT],
    ['HEFAMAA/XYZ/2024/CLI/001234', 'Invalid state code: XYZ. Must use valid 3-letter Nigerian state code.'],
    ['HEFAMAA/LAG/2019/CLI/001234', YEAR_RANGE],
    ['HEFAMAA/LAG/2026/CLI/001234', YEAR_RANGE],
  ])('%j gives %j', (value, message) => {
    expect(licenseNumberError(value)).toBe(message);
  });

  it('checks the state code before the year', () => {
    expect(licenseNumberError('HEFAMAA/QQQ/2030/CLI/001234')).toBe(
      'Invalid state code: QQQ. Must use valid 3-letter Nigerian state code.',
    );
  });

  it('accepts every one of the 36 state codes', () => {
    expect(STATE_CODES).toHaveLength(36);
    for (const code of STATE_CODES) expect(licenseNumberError(`HEFAMAA/${code}/2024/CLI/001234`)).toBeNull();
  });
});

describe('Official Registration Number (RGN/STATE/YEAR/7 digits)', () => {
  it.each([
    ['', REGISTRATION_REQUIRED],
    ['RGN/LAG/2024/001847', REGISTRATION_FORMAT],
    ['RGN/LAG/2024/00018470', REGISTRATION_FORMAT],
    ['RGX/LAG/2024/0001847', REGISTRATION_FORMAT],
    ['RGN/ABC/2024/0001847', 'Invalid state code: ABC. Must use valid 3-letter Nigerian state code.'],
    ['RGN/LAG/2018/0001847', YEAR_RANGE],
    ['RGN/LAG/2024/0000000', REGISTRATION_RANGE],
  ])('%j gives %j', (value, message) => {
    expect(registrationNumberError(value)).toBe(message);
  });

  it('accepts the bounds 0000001 and 9999999 and every state code', () => {
    expect(registrationNumberError('RGN/LAG/2024/0000001')).toBeNull();
    expect(registrationNumberError('RGN/LAG/2024/9999999')).toBeNull();
    for (const code of STATE_CODES) expect(registrationNumberError(`RGN/${code}/2020/0001847`)).toBeNull();
    expect(REGISTRATION_RANGE).toBe('Registration number must be between 0000001-9999999');
  });
});

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
      name: REQUIRED_FIELDS,
      email: INVALID_EMAIL,
      hospitalNumber: YEAR_RANGE,
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

describe('verification code', () => {
  it.each(['', '12345', '1234567', '12a456', '12 456'])('refuses %j', (code) => {
    expect(verificationCodeError(code)).toBe('Please enter a valid 6-digit verification code');
  });

  it('accepts six digits', () => {
    expect(verificationCodeError('004217')).toBeNull();
    expect(INVALID_CODE).toBe('Please enter a valid 6-digit verification code');
  });
});
