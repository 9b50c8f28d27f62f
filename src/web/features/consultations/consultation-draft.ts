import { icd10Titled } from '../../../shared/icd10';
import { LAB_TEST_CATALOGUE, type LAB_URGENCIES } from '../../../shared/lab-tests';
import { formatNaira, KOBO_PER_NAIRA } from '../../../shared/money';
import { recordVitalsBody } from '../../../shared/vitals-rules';
import {
  DEFAULT_FEE_NAIRA,
  LAB_TEST_TWICE,
  MEDICATION_FIELDS,
  SELECT_LAB_TEST,
} from '../../../shared/api/consultation-inputs';
import type { ConsultationPayload } from './api/create-consultation';

/** The New Consultation form's state and rules (product-spec-2 §3, §5, §9), free of React. */
// The messages and the default fee are the consultation contract's (src/shared/api/consultation-inputs.ts).
export const DEFAULT_FEE = DEFAULT_FEE_NAIRA;
export { LAB_TEST_TWICE, MEDICATION_FIELDS, SELECT_LAB_TEST };

export type LabUrgency = (typeof LAB_URGENCIES)[number];
export type LabCode = (typeof LAB_TEST_CATALOGUE)[number]['code'];
export type MedicationDraft = {
  key: string;
  medicationName: string;
  /** The formulary medication picked (issue 34); null once the name is typed by hand. */
  medicationId?: string | null;
  dosage: string;
  frequency: string;
  duration: string;
  instructions: string;
  quantity: string;
};
export type LabTestDraft = { testCode: LabCode; urgency: LabUrgency; instructions: string };
export type ChargeDraft = { key: string; description: string; amount: string };

export type ConsultationDraft = {
  bloodPressure: string;
  pulseRate: string;
  temperature: string;
  weight: string;
  chiefComplaint: string;
  primaryDiagnosis: string;
  doctorNotes: string;
  medications: MedicationDraft[];
  labTests: LabTestDraft[];
  consultationFee: string;
  charges: ChargeDraft[];
};

export const VITAL_FIELDS = ['bloodPressure', 'pulseRate', 'temperature', 'weight'] as const;
export type DraftField =
  | (typeof VITAL_FIELDS)[number]
  | 'chiefComplaint'
  | 'primaryDiagnosis'
  | 'doctorNotes'
  | 'labTests'
  | 'consultationFee'
  | `medications.${number}`
  | `charges.${number}`;

/** An empty form; the fee starts at the hospital's default consultation fee (naira). */
export const emptyDraft = (fee: number = DEFAULT_FEE): ConsultationDraft => ({
  bloodPressure: '',
  pulseRate: '',
  temperature: '',
  weight: '',
  chiefComplaint: '',
  primaryDiagnosis: '',
  doctorNotes: '',
  medications: [],
  labTests: [],
  consultationFee: String(fee),
  charges: [],
});

let counter = 0;
const nextKey = () => `row-${++counter}`;

export const emptyMedication = (): MedicationDraft => ({
  key: nextKey(),
  medicationName: '',
  dosage: '',
  frequency: '',
  duration: '',
  instructions: '',
  quantity: '1',
});
export const emptyCharge = (): ChargeDraft => ({ key: nextKey(), description: '', amount: '' });

/** §5: a fee (or charge) is numeric and reads as 0 when it is not a number. */
export function amountOf(text: string): number {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? n : 0;
}

/** §9: the total is the fee plus the sum of the additional charges. */
export function totalOf(draft: Pick<ConsultationDraft, 'consultationFee' | 'charges'>): number {
  // Added in kobo, so 0.1 + 0.2 is 0.3 and not 0.30000000000000004.
  const kobo = (naira: number) => Math.round(naira * KOBO_PER_NAIRA);
  const sum = draft.charges.reduce(
    (total, c) => total + kobo(amountOf(c.amount)),
    kobo(amountOf(draft.consultationFee)),
  );
  return sum / KOBO_PER_NAIRA;
}

export const medicationComplete = (m: MedicationDraft) =>
  [m.medicationName, m.dosage, m.frequency, m.duration].every((v) => v.trim() !== '');

/** Why a lab test cannot be added to the list, or null (§5: only once, and only if one is selected). */
export function labTestRefusal(tests: LabTestDraft[], code: LabCode | ''): string | null {
  if (!code) return SELECT_LAB_TEST;
  return tests.some((t) => t.testCode === code) ? LAB_TEST_TWICE : null;
}

/** The form's own checks (§5), each message on its field, in the order the form shows them. */
export function validateDraft(draft: ConsultationDraft): Partial<Record<DraftField, string>> {
  const errors: Partial<Record<DraftField, string>> = {};
  // Vitals taken are checked by the rules the server applies (a pulse of 720 is a slipped digit).
  if (VITAL_FIELDS.some((f) => draft[f].trim() !== '')) {
    const vitals = recordVitalsBody.safeParse(Object.fromEntries(VITAL_FIELDS.map((f) => [f, draft[f]])));
    for (const issue of vitals.success ? [] : vitals.error.issues) {
      const field = VITAL_FIELDS.find((f) => f === issue.path[0]);
      if (field) errors[field] ??= issue.message;
    }
  }
  if (!draft.chiefComplaint.trim()) errors.chiefComplaint = 'Chief complaint is required';
  if (!draft.primaryDiagnosis.trim()) errors.primaryDiagnosis = 'Primary diagnosis is required';
  draft.medications.forEach((m, i) => {
    if (!medicationComplete(m)) errors[`medications.${i}`] = MEDICATION_FIELDS;
  });
  return errors;
}

/** Where the server's field path ('prescriptions.0.dosage', 'vitals.pulseRate') shows on this form. */
export function draftFieldOf(serverField: string): DraftField | undefined {
  const [head, second] = serverField.split('.');
  if (head === 'vitals') return VITAL_FIELDS.find((f) => f === second);
  if (head === 'prescriptions' && second !== undefined) return `medications.${Number(second)}`;
  if (head === 'labOrders') return 'labTests';
  if (head === 'billing') {
    const third = serverField.split('.')[2];
    return second === 'additionalCharges' && third !== undefined ? `charges.${Number(third)}` : 'consultationFee';
  }
  return (['chiefComplaint', 'primaryDiagnosis', 'doctorNotes'] as const).find((f) => f === head);
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const testNamed = (code: LabCode) => LAB_TEST_CATALOGUE.find((t) => t.code === code)!;

/** The §3 payload: vitals null when none was taken, quantity default 1, total = fee + charges. */
export function toPayload(patientId: string, draft: ConsultationDraft): ConsultationPayload {
  const diagnosisCode = icd10Titled(draft.primaryDiagnosis)?.code;
  const vitals = {
    bloodPressure: orNull(draft.bloodPressure),
    pulseRate: orNull(draft.pulseRate),
    temperature: orNull(draft.temperature),
    weight: orNull(draft.weight),
    height: null,
    respiratoryRate: null,
    oxygenSaturation: null,
  };
  const charges = draft.charges
    .filter((c) => c.amount.trim() !== '' || c.description.trim() !== '')
    .map((c) => ({ description: orNull(c.description), amount: amountOf(c.amount) }));
  return {
    patientId,
    chiefComplaint: draft.chiefComplaint.trim(),
    historyOfPresentIllness: null,
    physicalExamination: null,
    primaryDiagnosis: draft.primaryDiagnosis.trim(),
    // Chosen from the ICD-10 list (its title exactly): the code travels with the text.
    ...(diagnosisCode ? { primaryDiagnosisCode: diagnosisCode } : {}),
    treatmentPlan: null,
    doctorNotes: orNull(draft.doctorNotes),
    vitals: VITAL_FIELDS.some((f) => draft[f].trim() !== '') ? vitals : null,
    prescriptions: draft.medications.map((m) => ({
      medicationName: m.medicationName.trim(),
      ...(m.medicationId ? { medicationId: m.medicationId } : {}),
      dosage: m.dosage.trim(),
      frequency: m.frequency.trim(),
      duration: m.duration.trim(),
      instructions: orNull(m.instructions),
      quantity: Math.max(1, Math.trunc(amountOf(m.quantity)) || 1),
    })),
    labOrders: draft.labTests.map((t) => ({
      testName: testNamed(t.testCode).name,
      testCode: t.testCode,
      urgency: t.urgency,
      instructions: orNull(t.instructions),
    })),
    billing: {
      consultationFee: amountOf(draft.consultationFee),
      additionalCharges: charges,
      totalAmount: totalOf(draft),
    },
    followUpRequired: false,
    followUpDate: null,
    followUpInstructions: null,
  };
}

/** Naira with kobo, e.g. ₦6,500.50 (the shared money format). */
export const formatAmount = (naira: number) => formatNaira(Math.round(naira * KOBO_PER_NAIRA));
