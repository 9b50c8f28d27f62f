/**
 * The onboarding rules of product-spec-1 §5 as pure functions, messages word for word. The server
 * checks the same rules; these give the answer before a round trip.
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
export const INVALID_CODE = 'Please enter a valid 6-digit verification code';

export const invalidStateCode = (code: string) =>
  `Invalid state code: ${code}. Must use valid 3-letter Nigerian state code.`;

/** The 36 state codes of §5. */
export const STATE_CODES: readonly string[] = [
  'LAG', 'ABJ', 'KAN', 'OGU', 'OYO', 'RIV', 'KAD', 'ANB', 'BAU', 'BEN', 'BOR', 'CAL',
  'EBO', 'EDO', 'EKI', 'ENU', 'GOM', 'IMO', 'JIG', 'KEE', 'KOG', 'KWA', 'NAS', 'NIG',
  'OSH', 'OND', 'OSU', 'PLT', 'SOK', 'TAR', 'YOB', 'ZAM', 'ADA', 'BAY', 'DEL', 'FCT',
]; // prettier-ignore

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const yearOk = (year: string) => Number(year) >= 2020 && Number(year) <= 2025;
const normalise = (value: string) => value.trim().toUpperCase();

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** DVC/{year}/{6 digits}; null when valid. */
export function hospitalNumberError(raw: string): string | null {
  const value = normalise(raw);
  if (!value) return HOSPITAL_NUMBER_REQUIRED;
  const m = /^DVC\/(\d{4})\/\d{6}$/.exec(value);
  if (!m) return HOSPITAL_NUMBER_FORMAT;
  return yearOk(m[1]!) ? null : YEAR_RANGE;
}

/** HEFAMAA/{state}/{year}/CLI/{6 digits}, checked in the order the parts appear. */
export function licenseNumberError(raw: string): string | null {
  const value = normalise(raw);
  if (!value) return LICENSE_REQUIRED;
  const m = /^HEFAMAA\/([A-Z]{3})\/(\d{4})\/CLI\/\d{6}$/.exec(value);
  if (!m) return LICENSE_FORMAT;
  if (!STATE_CODES.includes(m[1]!)) return invalidStateCode(m[1]!);
  return yearOk(m[2]!) ? null : YEAR_RANGE;
}

/** RGN/{state}/{year}/{7 digits, 0000001-9999999}. */
export function registrationNumberError(raw: string): string | null {
  const value = normalise(raw);
  if (!value) return REGISTRATION_REQUIRED;
  const m = /^RGN\/([A-Z]{3})\/(\d{4})\/(\d{7})$/.exec(value);
  if (!m) return REGISTRATION_FORMAT;
  if (!STATE_CODES.includes(m[1]!)) return invalidStateCode(m[1]!);
  if (!yearOk(m[2]!)) return YEAR_RANGE;
  return Number(m[3]) >= 1 ? null : REGISTRATION_RANGE;
}

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

function emailError(value: string): string | null {
  if (!value.trim()) return REQUIRED_FIELDS;
  return isEmail(value) ? null : INVALID_EMAIL;
}

function onlyFailures<T>(checks: [keyof T, string | null][]): FieldErrors<T> {
  return Object.fromEntries(checks.filter(([, message]) => message)) as FieldErrors<T>;
}

/** Step 1: one message per failing field. */
export function hospitalErrors(h: HospitalDetails): FieldErrors<HospitalDetails> {
  return onlyFailures<HospitalDetails>([
    ['name', h.name.trim() ? null : REQUIRED_FIELDS],
    ['email', emailError(h.email)],
    ['licenseNumber', licenseNumberError(h.licenseNumber)],
    ['registrationNumber', registrationNumberError(h.registrationNumber)],
    ['hospitalNumber', hospitalNumberError(h.hospitalNumber)],
  ]);
}

/** Step 2: required fields, a valid email, matching passwords of at least 6 characters. */
export function adminErrors(a: AdminAccount): FieldErrors<AdminAccount> {
  let password: string | null = null;
  if (!a.password) password = REQUIRED_FIELDS;
  else if (a.password.length < 6) password = PASSWORD_TOO_SHORT;
  return onlyFailures<AdminAccount>([
    ['fullName', a.fullName.trim() ? null : REQUIRED_FIELDS],
    ['jobTitle', a.jobTitle.trim() ? null : REQUIRED_FIELDS],
    ['email', emailError(a.email)],
    ['password', password],
    ['confirmPassword', a.password && a.confirmPassword !== a.password ? PASSWORDS_DO_NOT_MATCH : null],
  ]);
}

export function verificationCodeError(code: string): string | null {
  return /^\d{6}$/.test(code.trim()) ? null : INVALID_CODE;
}
