import type { FieldError } from '../../platform/http/errors';

/**
 * The registration rules of product-spec-1 §5, as pure functions returning the spec's messages
 * word for word. The server checks everything the onboarding wizard checks, so a client that
 * skips its own validation still gets one clear message per field.
 */

export * from '../../shared/hospital-formats';
import {
  REQUIRED_FIELDS,
  INVALID_EMAIL,
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_LONG,
  TEXT_TOO_LONG,
  PASSWORD_MIN,
  PASSWORD_MAX,
  isEmail,
  normaliseEmail,
  licenseNumberError,
  registrationNumberError,
  hospitalNumberError,
} from '../../shared/hospital-formats';

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
export function hospitalErrors(h: HospitalInput, now: Date = new Date()): FieldError[] {
  const checks: [string, string | null][] = [
    ['name', requiredText(h.name, 'Hospital name', 200)],
    ['email', emailError(h.email)],
    ['licenseNumber', licenseNumberError(h.licenseNumber, now)],
    ['registrationNumber', registrationNumberError(h.registrationNumber, now)],
    ['hospitalNumber', hospitalNumberError(h.hospitalNumber, now)],
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
