import { z } from 'zod';
import { clientId } from '../client-id';
import { datesOnEarth, isCalendarDate } from '../hospital-calendar';
import { PATIENT_STATUSES } from '../patient-statuses';

/**
 * What the patients endpoints take (src/shared/api/patients.ts), with the rules and messages of the spec: the
 * route validates with these, and the browser's forms may check the same before sending.
 */
export const DOB_IN_FUTURE = 'Date of birth cannot be in the future';

/** Registration rules of product-spec-2 §5, with its messages word for word. */
const required = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters long`);

export const INVALID_PHONE = 'Please enter a valid phone number';

/** At least 10 characters of digits, hyphens, plus signs and parentheses once spaces are removed. */
export function isValidPhone(phone: string): boolean {
  return /^[\d+\-()]{10,20}$/.test(phone.replace(/\s/g, ''));
}

const phone = required('Phone number is required', 30).refine(isValidPhone, INVALID_PHONE);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters long`)
    .nullish()
    .transform((v) => (v ? v : null));

const GENDERS = { male: 'Male', female: 'Female', other: 'Other' } as const;
const GENDER_REQUIRED = 'Gender is required';
const DOB_REQUIRED = 'Date of birth is required';
const DOB_INVALID = 'Please enter a valid date of birth';
const blankOrNotText = (input: unknown) => typeof input !== 'string' || input === '';

/**
 * Gender in any case ('male', ' FEMALE ') is read as the spec's value; the document's enum is the
 * three values the server stores.
 */
const gender = z.preprocess(
  (v) => (typeof v === 'string' ? (GENDERS[v.trim().toLowerCase() as keyof typeof GENDERS] ?? v.trim()) : v),
  z.enum(['Male', 'Female', 'Other'], {
    error: (issue) => (blankOrNotText(issue.input) ? GENDER_REQUIRED : 'Gender must be Male, Female or Other'),
  }),
);

/**
 * A calendar date (`format: date`). A full ISO timestamp from a date picker is read as its date.
 * The future is checked here for a field message (a day later than any hospital's today); the decider
 * checks it again against the command's time in the hospital's zone.
 */
const dateOfBirth = z.preprocess(
  (v) => (typeof v === 'string' ? (/^\d{4}-\d{2}-\d{2}T/.test(v.trim()) ? v.trim().slice(0, 10) : v.trim()) : v),
  z.iso
    .date({ error: (issue) => (blankOrNotText(issue.input) ? DOB_REQUIRED : DOB_INVALID) })
    .refine(isCalendarDate, DOB_INVALID)
    .refine((v) => v <= datesOnEarth(new Date()).latest, DOB_IN_FUTURE),
);

const patientFields = {
  firstName: required('First name is required', 100),
  lastName: required('Last name is required', 100),
  dateOfBirth,
  gender,
  phoneNumber: phone,
  address: required('Address is required', 500),
  identificationNumber: required('Identification number is required', 50).transform((v) => v.toUpperCase()),
  emergencyContactName: optionalText(200),
  emergencyContactRelationship: optionalText(100),
  emergencyContactPhone: optionalText(30).refine((v) => v === null || isValidPhone(v), INVALID_PHONE),
};

// Unknown fields (the form's registrationDate, a status or hospital) are dropped, never stored.
export const registerPatientBody = z.object({
  /** The new patient's id, chosen by the client (offline registration); without it the server chooses. */
  id: clientId.optional(),
  ...patientFields,
  /** The receptionist saw the likely duplicates and registers anyway. */
  allowDuplicate: z.boolean().optional(),
});

const VERSION_REQUIRED = 'Version is required: send the version of the patient you edited';
const version = z
  .number({ error: VERSION_REQUIRED })
  .int('Version must be a whole number')
  .min(1, 'Version must be at least 1');

/** An edit: any registration fields (same rules), and the version the client last saw. */
export const editPatientBody = z.object(patientFields).partial().extend({ version });

export const STATUS_MESSAGE = `Status must be one of: ${PATIENT_STATUSES.join(', ')}`;
const lowerTrimmed = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const status = z.preprocess(
  lowerTrimmed,
  z.enum(PATIENT_STATUSES, { error: (issue) => (issue.input === undefined ? 'Status is required' : STATUS_MESSAGE) }),
);

export const changeStatusBody = z.object({ status, version: version.optional() });

const truthy = z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean());

export const listPatientsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  // The admin dashboard's chart asks for up to 1000 (product-spec-1 §9).
  limit: z.coerce.number().int().min(1).max(1000, 'limit must be at most 1000').default(10),
  search: z.string().max(100, 'Search must be at most 100 characters long').optional(),
  status: z.preprocess(
    (v) => {
      const s = lowerTrimmed(v);
      return s === '' || s === 'all' ? undefined : s;
    },
    z.enum(PATIENT_STATUSES, { error: `${STATUS_MESSAGE} (or all)` }).optional(),
  ),
  count_only: truthy.optional(),
});

export const patientIdParams = z.object({ id: z.string().min(1).max(100) });

const AS_OF_MESSAGE = 'asOf must be a date and time such as 2026-11-20T10:15:00Z';
/** `asOf`: an ISO date-time; a bare date is read as midnight UTC. */
export const patientAsOfQuery = z.object({
  asOf: z
    .string()
    .max(40, AS_OF_MESSAGE)
    .refine((v) => !Number.isNaN(Date.parse(v)), AS_OF_MESSAGE)
    .transform((v) => new Date(v))
    .optional()
    .meta({
      format: 'date-time',
      description: 'The instant to see the record as it stood (a bare date is midnight UTC)',
    }),
});

export const WARD_REQUIRED = 'Ward is required';
/** POST /api/patients/{id}/admissions: the ward (required) and why. */
export const admitPatientBody = z.object({
  ward: z
    .string({ error: WARD_REQUIRED })
    .trim()
    .min(1, WARD_REQUIRED)
    .max(100, 'Ward must be at most 100 characters long'),
  reason: z
    .string()
    .trim()
    .max(1000, 'Reason must be at most 1000 characters long')
    .nullish()
    .transform((v) => v || null),
});
