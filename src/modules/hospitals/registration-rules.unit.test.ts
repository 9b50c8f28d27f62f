import { describe, expect, it } from 'vitest';
import {
  adminErrors,
  HOSPITAL_NUMBER_FORMAT,
  HOSPITAL_NUMBER_REQUIRED,
  hospitalErrors,
  hospitalNumberError,
  INVALID_CODE_FORMAT,
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
  yearRangeMessage,
} from './registration-rules';

const YEAR_RANGE = yearRangeMessage();
const NEXT_YEAR = new Date().getFullYear() + 1;

const noPolicy = () => null;

describe('hospital number DVC/YYYY/NNNNNN', () => {
  it.each([
    ['', HOSPITAL_NUMBER_REQUIRED],
    ['   ', HOSPITAL_NUMBER_REQUIRED],
    ['DVC/2024/1234', HOSPITAL_NUMBER_FORMAT],
    ['DVC-2024-001234', HOSPITAL_NUMBER_FORMAT],
    ['DVC/24/001234', HOSPITAL_NUMBER_FORMAT],
    ['DVC/2024/0012345', HOSPITAL_NUMBER_FORMAT],
    ['DVC/2019/001234', YEAR_RANGE],
    [`DVC/${NEXT_YEAR}/001234`, YEAR_RANGE],
  ])('refuses %j with %j', (value, message) => {
    expect(hospitalNumberError(value)).toBe(message);
  });

  it.each(['DVC/2024/001234', 'DVC/2020/000000', 'DVC/2025/999999', 'DVC/2026/000001', ' dvc/2024/001234 '])(
    'accepts %j',
    (value) => {
      expect(hospitalNumberError(value, new Date('2026-11-22T12:00:00Z'))).toBeNull();
    },
  );

  it('accepts numbers of the current year and words the range with it', () => {
    const in2031 = new Date('2031-03-01T12:00:00Z');
    expect(hospitalNumberError('DVC/2031/000001', in2031)).toBeNull();
    expect(hospitalNumberError('DVC/2032/000001', in2031)).toBe('Year must be between 2020-2031');
    expect(licenseNumberError('HEFAMAA/LAG/2032/CLI/000001', in2031)).toBe('Year must be between 2020-2031');
    expect(registrationNumberError('RGN/LAG/2032/0000001', in2031)).toBe('Year must be between 2020-2031');
  });

  it('words the format message as the spec does', () => {
    expect(HOSPITAL_NUMBER_FORMAT).toBe(
      'Invalid Hospital Number format. Must be: DVC/[YEAR]/[6-digit number] (e.g., DVC/2024/001234)',
    );
    expect(yearRangeMessage(new Date('2026-06-01T12:00:00Z'))).toBe('Year must be between 2020-2026');
  });
});

describe('facility licence HEFAMAA/SSS/YYYY/CLI/NNNNNN', () => {
  it.each([
    ['', LICENSE_REQUIRED],
    ['HEFAMAA/LAG/2024/001234', LICENSE_FORMAT],
    ['HEFAMAA/LA/2024/CLI/001234', LICENSE_FORMAT],
    ['HEFAMAA/LAG/2024/CLI/01234', LICENSE_FORMAT],
    ['HEFAMAA/XYZ/2024/CLI/001234', 'Invalid state code: XYZ. Must use valid 3-letter Nigerian state code.'],
    ['HEFAMAA/LAG/2018/CLI/001234', YEAR_RANGE],
  ])('refuses %j with %j', (value, message) => {
    expect(licenseNumberError(value)).toBe(message);
  });

  it('accepts every one of the 36 state codes', () => {
    expect(STATE_CODES).toHaveLength(36);
    for (const state of STATE_CODES) expect(licenseNumberError(`HEFAMAA/${state}/2024/CLI/001234`)).toBeNull();
  });
});

describe('registration number RGN/SSS/YYYY/NNNNNNN', () => {
  it.each([
    ['', REGISTRATION_REQUIRED],
    ['RGN/LAG/2024/001847', REGISTRATION_FORMAT],
    ['RGN/LAG/2024/00018470', REGISTRATION_FORMAT],
    ['RGN/ABC/2024/0001847', 'Invalid state code: ABC. Must use valid 3-letter Nigerian state code.'],
    [`RGN/LAG/${NEXT_YEAR}/0001847`, YEAR_RANGE],
    ['RGN/LAG/2024/0000000', REGISTRATION_RANGE],
  ])('refuses %j with %j', (value, message) => {
    expect(registrationNumberError(value)).toBe(message);
  });

  it.each(['RGN/LAG/2024/0001847', 'RGN/FCT/2020/0000001', 'RGN/KAN/2025/9999999'])('accepts %j', (value) => {
    expect(registrationNumberError(value)).toBeNull();
  });

  it('words the range message as the spec does', () => {
    expect(REGISTRATION_RANGE).toBe('Registration number must be between 0000001-9999999');
  });
});

describe('hospital step', () => {
  const valid = {
    name: 'St. Luke Clinic',
    email: 'info@stluke.ng',
    licenseNumber: 'HEFAMAA/LAG/2024/CLI/001234',
    registrationNumber: 'RGN/LAG/2024/0001847',
    hospitalNumber: 'DVC/2024/001234',
  };

  it('passes valid data', () => {
    expect(hospitalErrors(valid)).toEqual([]);
  });

  it('gives one message per failing field, keyed under hospitalData', () => {
    expect(hospitalErrors({})).toEqual([
      { field: 'hospitalData.name', message: REQUIRED_FIELDS },
      { field: 'hospitalData.email', message: REQUIRED_FIELDS },
      { field: 'hospitalData.licenseNumber', message: LICENSE_REQUIRED },
      { field: 'hospitalData.registrationNumber', message: REGISTRATION_REQUIRED },
      { field: 'hospitalData.hospitalNumber', message: HOSPITAL_NUMBER_REQUIRED },
    ]);
  });

  it('refuses an address that does not look like one', () => {
    expect(hospitalErrors({ ...valid, email: 'info@stluke' })).toEqual([
      { field: 'hospitalData.email', message: INVALID_EMAIL },
    ]);
    expect(INVALID_EMAIL).toBe('Please enter a valid email address');
  });
});

describe('admin step', () => {
  const valid = {
    fullName: 'Ada Okafor',
    jobTitle: 'Medical Director',
    email: 'ada@stluke.ng',
    password: 'Harmattan-Breeze',
    confirmPassword: 'Harmattan-Breeze',
  };

  it('passes valid data', () => {
    expect(adminErrors(valid, noPolicy)).toEqual([]);
  });

  it('requires every field with the spec message', () => {
    const fields = adminErrors({}, noPolicy).map((e) => [e.field, e.message]);
    expect(fields).toEqual([
      ['adminData.fullName', REQUIRED_FIELDS],
      ['adminData.jobTitle', REQUIRED_FIELDS],
      ['adminData.email', REQUIRED_FIELDS],
      ['adminData.password', REQUIRED_FIELDS],
    ]);
    expect(REQUIRED_FIELDS).toBe('Please fill in all required fields');
  });

  it("refuses passwords that don't match", () => {
    expect(adminErrors({ ...valid, confirmPassword: 'Harmattan-breeze' }, noPolicy)).toEqual([
      { field: 'adminData.confirmPassword', message: PASSWORDS_DO_NOT_MATCH },
    ]);
    expect(PASSWORDS_DO_NOT_MATCH).toBe('Passwords do not match');
  });

  it('refuses a password under 6 characters', () => {
    expect(adminErrors({ ...valid, password: 'a1b2c', confirmPassword: 'a1b2c' }, noPolicy)).toEqual([
      { field: 'adminData.password', message: PASSWORD_TOO_SHORT },
    ]);
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 6 characters long');
  });

  it("applies the password policy it is given, after the spec's own rules", () => {
    const policy = (p: string) => (p === 'Harmattan-Breeze' ? 'too common' : null);
    expect(adminErrors(valid, policy)).toEqual([{ field: 'adminData.password', message: 'too common' }]);
  });
});

describe('verification code', () => {
  it.each(['', '12345', '1234567', '12a456', ' 12345 '])('refuses %j', (code) => {
    expect(verificationCodeError(code)).toBe(INVALID_CODE_FORMAT);
  });
  it('accepts six digits, leading zeros included', () => {
    expect(verificationCodeError('004321')).toBeNull();
    expect(INVALID_CODE_FORMAT).toBe('Please enter a valid 6-digit verification code');
  });
});
