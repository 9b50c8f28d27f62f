/**
 * The onboarding wizard's form rules. The field formats and their messages (product-spec-1 §5)
 * are the server's own, shared from the hospitals module, so the wizard answers before a round
 * trip with exactly what the server would say.
 */
import {
  INVALID_EMAIL,
  PASSWORD_MIN,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  REQUIRED_FIELDS,
  hospitalNumberError,
  isEmail,
  licenseNumberError,
  registrationNumberError,
} from '../../../shared/hospital-formats';

export {
  HOSPITAL_NUMBER_FORMAT,
  HOSPITAL_NUMBER_REQUIRED,
  INVALID_CODE_FORMAT as INVALID_CODE,
  INVALID_EMAIL,
  LICENSE_FORMAT,
  LICENSE_REQUIRED,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  REGISTRATION_FORMAT,
  REGISTRATION_RANGE,
  REGISTRATION_REQUIRED,
  REQUIRED_FIELDS,
  STATE_CODES,
  yearRangeMessage,
  hospitalNumberError,
  invalidStateCode,
  isEmail,
  licenseNumberError,
  registrationNumberError,
  verificationCodeError,
} from '../../../shared/hospital-formats';

export type HospitalDetails = {
  name: string;
  email: string;
  licenseNumber: string;
  registrationNumber: string;
  hospitalNumber: string;
};

export type AdminAccount = {
  fullName: string;
  jobTitle: string;
  email: string;
  password: string;
  confirmPassword: string;
};

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

function emailError(value: string, required = REQUIRED_FIELDS): string | null {
  if (!value.trim()) return required;
  return isEmail(value) ? null : INVALID_EMAIL;
}

/**
 * Step 1's empty fields, each in the spec's "X is required" wording (product-spec-1 §5 gives it for
 * the three identifiers; the name and email follow it), and 'Please fill in all required fields'
 * once above the form (issue 34: the two were mixed field by field).
 */
export const HOSPITAL_NAME_REQUIRED = 'Hospital Name is required';
export const HOSPITAL_EMAIL_REQUIRED = 'Hospital Email is required';
const STEP1_REQUIRED = /is required$/;

/** Whether step 1's errors include an empty required field: the form then says REQUIRED_FIELDS once. */
export function missesRequired(errors: FieldErrors<HospitalDetails>): boolean {
  return Object.values(errors).some((message) => message !== undefined && STEP1_REQUIRED.test(message));
}

function onlyFailures<T>(checks: [keyof T, string | null][]): FieldErrors<T> {
  return Object.fromEntries(checks.filter(([, message]) => message)) as FieldErrors<T>;
}

/** Step 1: one message per failing field. */
export function hospitalErrors(h: HospitalDetails): FieldErrors<HospitalDetails> {
  return onlyFailures<HospitalDetails>([
    ['name', h.name.trim() ? null : HOSPITAL_NAME_REQUIRED],
    ['email', emailError(h.email, HOSPITAL_EMAIL_REQUIRED)],
    ['licenseNumber', licenseNumberError(h.licenseNumber)],
    ['registrationNumber', registrationNumberError(h.registrationNumber)],
    ['hospitalNumber', hospitalNumberError(h.hospitalNumber)],
  ]);
}

/** Step 2: required fields, a valid email, matching passwords of at least 6 characters. */
export function adminErrors(a: AdminAccount): FieldErrors<AdminAccount> {
  let password: string | null = null;
  if (!a.password) password = REQUIRED_FIELDS;
  else if (a.password.length < PASSWORD_MIN) password = PASSWORD_TOO_SHORT;
  return onlyFailures<AdminAccount>([
    ['fullName', a.fullName.trim() ? null : REQUIRED_FIELDS],
    ['jobTitle', a.jobTitle.trim() ? null : REQUIRED_FIELDS],
    ['email', emailError(a.email)],
    ['password', password],
    ['confirmPassword', a.password && a.confirmPassword !== a.password ? PASSWORDS_DO_NOT_MATCH : null],
  ]);
}
