import { z } from 'zod';
import { findIcd10 } from '../icd10';
import { LAB_TEST_CATALOGUE, LAB_URGENCIES } from '../lab-tests';
import { datesOnEarth, isCalendarDate } from '../hospital-calendar';
import { numberText } from '../number-text';
import { recordVitalsBody as vitalSignsInput } from '../vitals-rules';

/** The consultation payload of product-spec-2 §3 with the rules and messages of §5 and §9. */
export const DEFAULT_FEE_NAIRA = 5000;
export const MEDICATION_FIELDS = 'Please fill all medication fields';
export const SELECT_LAB_TEST = 'Please select a lab test';
export const LAB_TEST_TWICE = 'A lab test can be added only once';

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters long`)
    .nullish()
    .transform((v) => v || null);
const required = (message: string, max = 2000) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters long`);

const MAX_NAIRA = 100_000_000;

/** What is wrong with a naira amount as typed, or null; blank is fine when there is a `fallback`. */
function nairaProblem(v: unknown, label: string, fallback?: number): string | null {
  if ((v === undefined || v === null || v === '') && fallback !== undefined) return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) return `${label} must be a number`;
  if (n < 0) return `${label} cannot be negative`;
  if (n > MAX_NAIRA) return `${label} is too large`;
  return null;
}

/**
 * Naira as a number or its decimal text; blank means `fallback`. The union is what the document
 * shows; every message comes from `nairaProblem`, whichever part refused the amount.
 */
const naira = (label: string, fallback?: number) => {
  const said = { error: (issue: { input?: unknown }) => nairaProblem(issue.input, label, fallback) ?? undefined };
  const text = fallback === undefined ? /^\s*\d+(\.\d+)?\s*$/ : /^(\s*\d+(\.\d+)?\s*)?$/;
  const amount = z.union([z.number(said).min(0, said).max(MAX_NAIRA, said), z.string(said).regex(text, said)], said);
  return (fallback === undefined ? amount : amount.nullish()).transform((v, ctx) => {
    const problem = nairaProblem(v, label, fallback);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return v === undefined || v === null || v === '' ? fallback! : Number(v);
  });
};

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Vitals taken during the consultation (the form sends nulls for fields left empty): none at all
 * is "not taken"; otherwise the patients module's rules apply (a pulse of 720 or a temperature of
 * 370 is refused with the same message a nurse gets), and the temperature's unit is kept.
 */
const vitals = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null) return null;
    if (typeof v === 'object' && !Array.isArray(v) && Object.values(v).every(blank)) return null;
    const parsed = vitalSignsInput.safeParse(v);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      // The patients' "record at least one" lands on a `vitals` path of its own; here that is the field itself.
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.filter((p) => p !== 'vitals') });
    }
    return z.NEVER;
  });

export const FOLLOW_UP_IN_PAST = 'Follow-up date cannot be in the past';
const FOLLOW_UP_INVALID = 'Please enter a valid follow-up date';
/** A calendar date (`format: date`) or blank; a full ISO timestamp from a date picker is read as its date. */
const followUpDate = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const t = v.trim();
    return t === '' ? null : /^\d{4}-\d{2}-\d{2}T/.test(t) ? t.slice(0, 10) : t;
  },
  z.iso
    .date({ error: FOLLOW_UP_INVALID })
    .refine(isCalendarDate, FOLLOW_UP_INVALID)
    .refine((date) => date >= datesOnEarth(new Date()).earliest, FOLLOW_UP_IN_PAST)
    .nullish()
    .transform((v) => v ?? null),
);

const medicationField = z.string({ error: MEDICATION_FIELDS }).trim().min(1, MEDICATION_FIELDS).max(200);
const prescription = z.object({
  medicationName: medicationField,
  /** Picked from the hospital's formulary (issue 34): its id; absent for a drug typed as free text. */
  medicationId: z
    .string()
    .trim()
    .max(100, 'Must be at most 100 characters long')
    .nullish()
    .transform((v) => v || null),
  dosage: medicationField,
  frequency: medicationField,
  duration: medicationField,
  instructions: text(1000),
  quantity: z.preprocess(
    // Blank is the default 1; a form field's digits are a number; true or [2] are not.
    (v) => (v === undefined || v === null || v === '' ? 1 : numberText(v)),
    z
      .number({ error: 'Quantity must be a whole number of at least 1' })
      .int('Quantity must be a whole number of at least 1')
      .min(1, 'Quantity must be a whole number of at least 1')
      .max(100_000),
  ),
});

const URGENCY_MESSAGE = `Urgency must be one of: ${LAB_URGENCIES.join(', ')}`;
const labOrder = z
  .object({
    testName: z.string().trim().max(100).optional(),
    testCode: z.string().trim().max(20).optional(),
    urgency: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 'Routine' : v),
      z.enum(LAB_URGENCIES, { error: URGENCY_MESSAGE }),
    ),
    instructions: text(1000),
  })
  .transform((o, ctx) => {
    const key = (o.testName || o.testCode || '').toLowerCase();
    const test = LAB_TEST_CATALOGUE.find((t) => t.name.toLowerCase() === key || t.code.toLowerCase() === key);
    if (!test) {
      ctx.addIssue({
        code: 'custom',
        message: key ? `Unknown lab test: ${o.testName || o.testCode}` : SELECT_LAB_TEST,
      });
      return z.NEVER;
    }
    return { testName: test.name, testCode: test.code, urgency: o.urgency, instructions: o.instructions };
  });

export const createConsultationBody = z.object({
  patientId: required('Patient is required', 100),
  chiefComplaint: required('Chief complaint is required'),
  historyOfPresentIllness: text(5000),
  physicalExamination: text(5000),
  primaryDiagnosis: required('Primary diagnosis is required', 1000),
  // Only codes of the form's list: a code names what the doctor picked, never a guess from the text.
  primaryDiagnosisCode: text(10).transform((v, ctx) => {
    if (v === null) return null;
    const entry = findIcd10(v);
    if (!entry) {
      ctx.addIssue({ code: 'custom', message: `Unknown ICD-10 diagnosis code: ${v}` });
      return z.NEVER;
    }
    return entry.code;
  }),
  treatmentPlan: text(5000),
  doctorNotes: text(5000),
  vitals,
  prescriptions: z
    .array(prescription)
    .max(50)
    .nullish()
    .transform((v) => v ?? []),
  labOrders: z
    .array(labOrder)
    .max(20)
    .nullish()
    .transform((v) => v ?? [])
    .superRefine((orders, ctx) => {
      const seen = new Set<string>();
      orders.forEach((o, i) => {
        if (seen.has(o.testCode)) ctx.addIssue({ code: 'custom', path: [i], message: LAB_TEST_TWICE });
        seen.add(o.testCode);
      });
    }),
  billing: z
    .object({
      consultationFee: naira('Consultation fee', DEFAULT_FEE_NAIRA),
      additionalCharges: z
        .array(z.object({ description: text(200), amount: naira('Charge amount') }))
        .max(50)
        .nullish()
        .transform((v) => v ?? []),
      // The client's total is ignored: the server adds the fee and the charges itself.
      totalAmount: z
        .union([z.number(), z.string()])
        .nullish()
        .describe('Ignored: the server adds the fee and the charges itself'),
    })
    .nullish()
    .transform((b) => b ?? { consultationFee: DEFAULT_FEE_NAIRA, additionalCharges: [] }),
  followUpRequired: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  followUpDate,
  followUpInstructions: text(1000),
});
export type CreateConsultationBody = z.output<typeof createConsultationBody>;
