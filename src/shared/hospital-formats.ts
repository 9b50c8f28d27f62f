/**
 * The field formats of product-spec-1 §5 (hospital identifiers, emails, passwords, the
 * verification code) with the spec's messages word for word. Pure and dependency-free, so the
 * onboarding wizard in the browser and the server check exactly the same rules.
 *
 * Years: the spec's 2020-2025 was written in 2025. Hospitals registering today hold numbers of
 * this year, so the range runs from 2020 to the current year and the message names that year.
 */

export const REQUIRED_FIELDS = 'Please fill in all required fields';
export const INVALID_EMAIL = 'Please enter a valid email address';
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

/** The latest year a number may carry: the current year where the check runs. */
export function maxYear(now: Date = new Date()): number {
  return now.getFullYear();
}

export function yearRangeMessage(now: Date = new Date()): string {
  return `Year must be between ${MIN_YEAR}-${maxYear(now)}`;
}
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

// Deliberately simple: "looks like an address" (§5), one @, a dot in the domain, no spaces.
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

const yearOk = (year: string, now: Date) => Number(year) >= MIN_YEAR && Number(year) <= maxYear(now);

/** DVC/{year}/{6 digits}; null when valid. */
export function hospitalNumberError(raw: string | undefined | null, now: Date = new Date()): string | null {
  const value = normaliseIdentifier(raw);
  if (!value) return HOSPITAL_NUMBER_REQUIRED;
  const m = /^DVC\/(\d{4})\/\d{6}$/.exec(value);
  if (!m) return HOSPITAL_NUMBER_FORMAT;
  return yearOk(m[1]!, now) ? null : yearRangeMessage(now);
}

/** HEFAMAA/{state}/{year}/CLI/{6 digits}; checked in the order the parts appear. */
export function licenseNumberError(raw: string | undefined | null, now: Date = new Date()): string | null {
  const value = normaliseIdentifier(raw);
  if (!value) return LICENSE_REQUIRED;
  const m = /^HEFAMAA\/([A-Z]{3})\/(\d{4})\/CLI\/\d{6}$/.exec(value);
  if (!m) return LICENSE_FORMAT;
  if (!STATE_CODES.includes(m[1]!)) return invalidStateCode(m[1]!);
  return yearOk(m[2]!, now) ? null : yearRangeMessage(now);
}

/** RGN/{state}/{year}/{7 digits, 0000001-9999999}. */
export function registrationNumberError(raw: string | undefined | null, now: Date = new Date()): string | null {
  const value = normaliseIdentifier(raw);
  if (!value) return REGISTRATION_REQUIRED;
  const m = /^RGN\/([A-Z]{3})\/(\d{4})\/(\d{7})$/.exec(value);
  if (!m) return REGISTRATION_FORMAT;
  if (!STATE_CODES.includes(m[1]!)) return invalidStateCode(m[1]!);
  if (!yearOk(m[2]!, now)) return yearRangeMessage(now);
  return Number(m[3]) >= 1 ? null : REGISTRATION_RANGE;
}

export function verificationCodeError(token: string | undefined | null): string | null {
  return /^\d{6}$/.test((token ?? '').trim()) ? null : INVALID_CODE_FORMAT;
}
