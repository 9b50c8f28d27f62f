import { DEFAULT_TIME_ZONE } from '../../shared/hospital-calendar';
import type { FieldError } from '../../platform/http/errors';
import { codePointLength } from '../../shared/text';
import {
  hospitalNumberError,
  isEmail,
  licenseNumberError,
  normaliseEmail,
  normaliseIdentifier,
  registrationNumberError,
  REQUIRED_FIELDS,
  INVALID_EMAIL,
  TEXT_TOO_LONG,
} from './registration-rules';

/**
 * Hospital settings (issue 13): the onboarding profile (same format rules as product-spec-1 §5),
 * contacts, time zone, the staff's idle time-out and the default consultation fee. Pure: the
 * route validates with these, the decider compares with them.
 */
export type HospitalSettings = {
  name: string;
  email: string;
  registrationNumber: string;
  licenseNumber: string;
  hospitalNumber: string;
  address: string | null;
  phone: string | null;
  timeZone: string;
  idleTimeoutMinutes: number;
  defaultConsultationFee: number;
  /** Opening hours, HH:MM in the hospital's time zone: appointments are booked inside them. */
  opensAt: string;
  closesAt: string;
};
export type SettingsInput = Partial<Record<keyof HospitalSettings, unknown>>;

export const SETTINGS_DEFAULTS = {
  address: null,
  phone: null,
  timeZone: DEFAULT_TIME_ZONE,
  idleTimeoutMinutes: 10,
  // product-spec-2 §9: 5000 naira.
  defaultConsultationFee: 5000,
  opensAt: '08:00',
  closesAt: '18:00',
} as const;

export const IDLE_MIN = 5;
export const IDLE_MAX = 60;
export const FEE_MAX = 10_000_000;
export const IDLE_RANGE = `Idle time-out must be between ${IDLE_MIN} and ${IDLE_MAX} minutes`;
export const FEE_RANGE = `Default consultation fee must be a number between 0 and ${FEE_MAX}`;
export const INVALID_TIME_ZONE = 'Please choose a valid time zone';
export const INVALID_HOURS = 'Opening hours must be times (HH:MM) with opening before closing';
export const INVALID_PHONE = 'Please enter a valid phone number';
export const SETTINGS_SAVED = 'Hospital settings saved successfully!';

/** Fields whose values are unique among hospitals (reserved at onboarding). */
export const UNIQUE_FIELDS = ['hospitalNumber', 'licenseNumber', 'registrationNumber', 'email'] as const;

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value.includes('/') || value === 'UTC';
  } catch {
    return false;
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null ? '' : undefined);

function requiredText(v: unknown, label: string, max: number): string | null {
  const s = text(v) ?? '';
  if (!s) return REQUIRED_FIELDS;
  return codePointLength(s) > max ? TEXT_TOO_LONG(label, max) : null;
}

function phoneError(v: unknown): string | null {
  const s = text(v);
  if (s === undefined) return INVALID_PHONE;
  if (!s) return null;
  return /^[\d\s()+-]+$/.test(s) && s.replace(/\s/g, '').length >= 10 && s.length <= 30 ? null : INVALID_PHONE;
}

const isClockTime = (v: unknown): v is string => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v);
// Closing may be midnight at the end of the day (a clinic open around the clock: 00:00 to 24:00).
const isClosingTime = (v: unknown): v is string => v === '24:00' || isClockTime(v);

/** Both times valid, and opening before closing (with the stored other one when only one is sent). */
function hoursError(input: SettingsInput, current?: Pick<HospitalSettings, 'opensAt' | 'closesAt'>): string | null {
  const opens = input.opensAt ?? current?.opensAt ?? SETTINGS_DEFAULTS.opensAt;
  const closes = input.closesAt ?? current?.closesAt ?? SETTINGS_DEFAULTS.closesAt;
  return isClockTime(opens) && isClosingTime(closes) && opens < closes ? null : INVALID_HOURS;
}

const inRange = (v: unknown, min: number, max: number, integer: boolean) =>
  typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max && (!integer || Number.isInteger(v));

/** One message per field present in `input` that breaks its rule; absent fields are not checked. */
export function settingsErrors(
  input: SettingsInput,
  now: Date = new Date(),
  current?: Pick<HospitalSettings, 'opensAt' | 'closesAt'>,
): FieldError[] {
  const checks: Record<keyof HospitalSettings, () => string | null> = {
    name: () => requiredText(input.name, 'Hospital name', 200),
    email: () => {
      const e = normaliseEmail(text(input.email));
      return !e ? REQUIRED_FIELDS : isEmail(e) ? null : INVALID_EMAIL;
    },
    registrationNumber: () => registrationNumberError(text(input.registrationNumber), now),
    licenseNumber: () => licenseNumberError(text(input.licenseNumber), now),
    hospitalNumber: () => hospitalNumberError(text(input.hospitalNumber), now),
    address: () => (codePointLength(text(input.address) ?? '') > 500 ? TEXT_TOO_LONG('Address', 500) : null),
    phone: () => phoneError(input.phone),
    timeZone: () => (typeof input.timeZone === 'string' && isTimeZone(input.timeZone) ? null : INVALID_TIME_ZONE),
    idleTimeoutMinutes: () => (inRange(input.idleTimeoutMinutes, IDLE_MIN, IDLE_MAX, true) ? null : IDLE_RANGE),
    defaultConsultationFee: () => (inRange(input.defaultConsultationFee, 0, FEE_MAX, false) ? null : FEE_RANGE),
    opensAt: () => hoursError(input, current),
    closesAt: () => (input.opensAt !== undefined ? null : hoursError(input, current)),
  };
  return (Object.keys(checks) as (keyof HospitalSettings)[]).flatMap((field) => {
    if (input[field] === undefined) return [];
    const message = checks[field]();
    return message ? [{ field, message }] : [];
  });
}

/** The valid input applied over `current`, trimmed (emails lowercased, empty contacts null). */
export function applySettings(current: HospitalSettings, input: SettingsInput): HospitalSettings {
  const next = { ...SETTINGS_DEFAULTS, ...current };
  for (const field of Object.keys(current) as (keyof HospitalSettings)[]) {
    const v = input[field];
    if (v === undefined) continue;
    if (field === 'idleTimeoutMinutes' || field === 'defaultConsultationFee') next[field] = v as number;
    else if (field === 'address' || field === 'phone') next[field] = text(v) || null;
    else if (field === 'email') next.email = normaliseEmail(text(v));
    else if (field === 'timeZone' || field === 'opensAt' || field === 'closesAt') next[field] = String(v);
    else if (field === 'name') next.name = text(v)!;
    else next[field] = normaliseIdentifier(text(v));
  }
  return next;
}

/** The fields that differ, with their values before. */
export function changedSettings(before: HospitalSettings, after: HospitalSettings): Partial<HospitalSettings> {
  const out: Partial<Record<keyof HospitalSettings, unknown>> = {};
  for (const field of Object.keys(after) as (keyof HospitalSettings)[])
    if (before[field] !== after[field]) out[field] = before[field];
  return out as Partial<HospitalSettings>;
}
