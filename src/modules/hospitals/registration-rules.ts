import type { FieldError } from '../../platform/http/errors';

/**
 * The registration rules of product-spec-1 §5, as pure functions returning the spec's messages
 * word for word. The server checks everything the onboarding wizard checks, so a client that
 * skips its own validation still gets one clear message per field.
 */

export const REQUIRED_FIELDS = 'Please fill in all required fields';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const YEAR_RANGE = 'Year must be between 2020-2025';
export const HOSPITAL_NUMBER_REQUIRED = 'Hospital Number is required';
export const HOSPITAL_NUMBER_FORMAT =
  'Invalid Hospital Number format. Must be: DVC/[YEAR]/[6-digit number] (e.g., DVC/2024/001234)';
export const LICENSE_REQUIRED = 'Facility License is required';
export const LICENSE_FORMAT =
  'Invalid Facility License format. Must be: HEFAMAA/[STATE]/[YEAR]/CLI/[6-digit number] (e.g., HEFAMAA/LAG/2024/CLI/001234)';
export const REGISTRATION_REQUIRED = 'Official Registration Number is required';
export const REGISTRATION_FORMAT =
  'Invalid Registration Number format. Must be: RGN/[STATE]/[YEAR]/[7-digit number] (e.g., RGN/LAG/2024/0001847)';
export const REGISTRATION_RANGE = 'Registration number must be between 0000001-9999999';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const PASSWORD_TOO_LONG = 'Password must be at most 128 characters long';
export const TEXT_TOO_LONG = (label: string, max: number) => `${label} must be at most ${max} characters long`;
export const INVALID_CODE_FORMAT = 'Please enter a valid 6-digit verification code';

export const invalidStateCode = (code: string) =>
  `Invalid state code: ${code}. Must use valid 3-letter Nigerian state code.`;

/** The 36 state codes of §5. */
export const STATE_CODES: readonly string[] = [
  'LAG', 'ABJ', 'KAN', 'OGU', 'OYO', 'RIV', 'KAD', 'ANB', 'BAU', 'BEN', 'BOR', 'CAL',
  'EBO', 'EDO', 'EKI', 'ENU', 'GOM', 'IMO', 'JIG', 'KEE', 'KOG', 'KWA', 'NAS', 'NIG',
  'OSH', 'OND', 'OSU', 'PLT', 'SOK', 'TAR', 'YOB', 'ZAM', 'ADA', 'BAY', 'DEL', 'FCT',
]; // prettier-ignore

export const MIN_YEAR = 2020;
export const MAX_YEAR = 2025;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

// Deliberately simple: "looks like an address" (§5), one @, a dot in the domain, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export function normaliseEmail(value: string | undefined | null): string {
  return (value ?? '').trim().toLowerCase();
}

/** Identifiers are compared and stored upper-case without surrounding spaces. */
export function normaliseIdentifier(value: string | undefined | null): string {
  return (value ?? '').trim().toUpperCase();
}

const yearOk = (year: string) => Number(year) >= MIN_YEAR && Number(year) <= MAX_YEAR;

/** DVC/{year}/{6 digits}; null when valid. */
export function hospitalNumberError(raw: string | undefined | null): string | null {
  const value = normaliseIdentifier(raw);
  if (!value) return HOSPITAL_NUMBER_REQUIRED;
  const m = /^DVC\/(\d{4})\/\d{6}$/.exec(value);
  if (!m) return HOSPITAL_NUMBER_FORMAT;
  return yearOk(m[1]!) ? null : YEAR_RANGE;
}

/** HEFAMAA/{state}/{year}/CLI/{6 digits}; checked in the order the parts appear. */
export function licenseNumberError(raw: string | undefined | null): string | null {
  const value = normaliseIdentifier(raw);
  if (!value) return LICENSE_REQUIRED;
  const m = /^HEFAMAA\/([A-Z]{3})\/(\d{4})\/CLI\/\d{6}$/.exec(value);
  if (!m) return LICENSE_FORMAT;
  if (!STATE_CODES.includes(m[1]!)) return invalidStateCode(m[1]!);
  return yearOk(m[2]!) ? null : YEAR_RANGE;
}

/** RGN/{state}/{year}/{7 digits, 0000001-9999999}. */
export function registrationNumberError(raw: string | undefined | null): string | null {
  const value = normaliseIdentifier(raw);
  if (!value) return REGISTRATION_REQUIRED;
  const m = /^RGN\/([A-Z]{3})\/(\d{4})\/(\d{7})$/.exec(value);
  if (!m) return REGISTRATION_FORMAT;
  if (!STATE_CODES.includes(m[1]!)) return invalidStateCode(m[1]!);
  if (!yearOk(m[2]!)) return YEAR_RANGE;
  return Number(m[3]) >= 1 ? null : REGISTRATION_RANGE;
}

export type HospitalInput = {
  name?: string;
  registrationNumber?: string;
  licenseNumber?: string;
  hospitalNumber?: string;
  email?: string;
};

export type AdminInput = {
  fullName?: string;
  jobTitle?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
};

function requiredText(value: string | undefined, label: string, max: number): string | null {
  const v = (value ?? '').trim();
  if (!v) return REQUIRED_FIELDS;
  return v.length > max ? TEXT_TOO_LONG(label, max) : null;
}

function emailError(value: string | undefined): string | null {
  const v = normaliseEmail(value);
  if (!v) return REQUIRED_FIELDS;
  return isEmail(v) ? null : INVALID_EMAIL;
}

/** Step 1 of the wizard: one message per failing field, keyed `hospitalData.<field>`. */
export function hospitalErrors(h: HospitalInput): FieldError[] {
  const checks: [string, string | null][] = [
    ['name', requiredText(h.name, 'Hospital name', 200)],
    ['email', emailError(h.email)],
    ['licenseNumber', licenseNumberError(h.licenseNumber)],
    ['registrationNumber', registrationNumberError(h.registrationNumber)],
    ['hospitalNumber', hospitalNumberError(h.hospitalNumber)],
  ];
  return checks.flatMap(([field, message]) => (message ? [{ field: `hospitalData.${field}`, message }] : []));
}

/**
 * Step 2: required fields, matching passwords, length, then `passwordPolicy` (the identity
 * module's refusal of common passwords: it owns the password policy and its message).
 */
export function adminErrors(a: AdminInput, passwordPolicy: (password: string) => string | null): FieldError[] {
  const password = a.password ?? '';
  let passwordError: string | null = null;
  if (!password) passwordError = REQUIRED_FIELDS;
  else if (password.length < PASSWORD_MIN) passwordError = PASSWORD_TOO_SHORT;
  else if (password.length > PASSWORD_MAX) passwordError = PASSWORD_TOO_LONG;
  else passwordError = passwordPolicy(password);
  const confirmError = password && a.confirmPassword !== password ? PASSWORDS_DO_NOT_MATCH : null;
  const checks: [string, string | null][] = [
    ['fullName', requiredText(a.fullName, 'Full name', 200)],
    ['jobTitle', requiredText(a.jobTitle, 'Job title', 100)],
    ['email', emailError(a.email)],
    ['password', passwordError],
    ['confirmPassword', confirmError],
  ];
  return checks.flatMap(([field, message]) => (message ? [{ field: `adminData.${field}`, message }] : []));
}

export function verificationCodeError(token: string | undefined | null): string | null {
  return /^\d{6}$/.test((token ?? '').trim()) ? null : INVALID_CODE_FORMAT;
}
