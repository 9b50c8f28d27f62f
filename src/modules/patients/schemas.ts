import { z } from 'zod';
import { hospitalDate, isCalendarDate } from './clinic-time';
import { DOB_IN_FUTURE } from './decider';

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

export const registerPatientBody = z.object({
  firstName: required('First name is required', 100),
  lastName: required('Last name is required', 100),
  dateOfBirth: required('Date of birth is required', 40)
    // A full ISO timestamp from a date picker is read as its calendar date.
    .transform((v) => v.slice(0, 10))
    .refine(isCalendarDate, 'Please enter a valid date of birth')
    // Checked here for a field message; the decider checks it again against the command's time.
    .refine((v) => v <= hospitalDate(new Date()), DOB_IN_FUTURE),
  gender: required('Gender is required', 20).transform((v, ctx) => {
    const g = GENDERS[v.toLowerCase() as keyof typeof GENDERS];
    if (!g) ctx.addIssue({ code: 'custom', message: 'Gender must be Male, Female or Other' });
    return g ?? z.NEVER;
  }),
  phoneNumber: phone,
  address: required('Address is required', 500),
  identificationNumber: required('Identification number is required', 50).transform((v) => v.toUpperCase()),
  emergencyContactName: optionalText(200),
  emergencyContactRelationship: optionalText(100),
  emergencyContactPhone: optionalText(30).refine((v) => v === null || isValidPhone(v), INVALID_PHONE),
});
// Unknown fields (the form's registrationDate, a status or hospital) are dropped, never stored.

const truthy = z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean());

export const listPatientsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  // The admin dashboard's chart asks for up to 1000 (product-spec-1 §9).
  limit: z.coerce.number().int().min(1).max(1000, 'limit must be at most 1000').default(10),
  search: z.string().max(100).optional(),
  status: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' || v === 'all' ? undefined : v.trim().toLowerCase()) : v),
    z.string().max(40).optional(),
  ),
  count_only: truthy.optional(),
});

export const patientIdParams = z.object({ id: z.string().min(1).max(100) });

export const patientListItem = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  age: z.number(),
  gender: z.string(),
  contact: z.string(),
  status: z.string(),
  dateRegistered: z.string(),
  identificationNumber: z.string(),
});

export const patientDetail = patientListItem.extend({
  dateOfBirth: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  emergencyContact: z.object({
    name: z.string().nullable(),
    relationship: z.string().nullable(),
    phoneNumber: z.string(),
  }),
});
