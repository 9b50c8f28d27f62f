import { z } from 'zod';
import { defineEvent, type EventMap, type EventsOf } from '../../platform/event-store/contracts';
import { LAB_URGENCIES } from '../laboratory';
import { consultationVitals } from '../../shared/api/consultations';

/** Consultations, stream `consultation-<consultationId>`; the prescription is part of its consultation. */
const person = z.object({ id: z.string(), name: z.string() });

export const prescriptionItem = z.object({
  medicationName: z.string(),
  /** The formulary medication picked for it (issue 34); absent or null: typed as free text. */
  medicationId: z.string().nullish(),
  dosage: z.string(),
  frequency: z.string(),
  duration: z.string(),
  instructions: z.string().nullable(),
  quantity: z.number().int().min(1),
});

/** Money in kobo (integers), so sums never round. */
const kobo = z.number().int().min(0);

export const consultationRecorded = defineEvent(
  'ConsultationRecorded',
  z.object({
    consultationId: z.string(),
    hospitalId: z.string(),
    patientId: z.string(),
    patientName: z.string(),
    doctor: person,
    chiefComplaint: z.string(),
    historyOfPresentIllness: z.string().nullable(),
    physicalExamination: z.string().nullable(),
    primaryDiagnosis: z.string(),
    /** The ICD-10 code when the diagnosis was chosen from the list (src/shared/icd10.ts); absent on older events. */
    primaryDiagnosisCode: z.string().nullable().optional(),
    treatmentPlan: z.string().nullable(),
    doctorNotes: z.string().nullable(),
    vitals: consultationVitals.nullable(),
    prescriptions: z.array(prescriptionItem),
    labOrders: z.array(
      z.object({
        labRequestId: z.string(),
        testName: z.string(),
        testCode: z.string(),
        urgency: z.enum(LAB_URGENCIES),
        instructions: z.string().nullable(),
      }),
    ),
    billing: z.object({
      consultationFeeKobo: kobo,
      additionalCharges: z.array(z.object({ description: z.string().nullable(), amountKobo: kobo })),
      totalAmountKobo: kobo,
    }),
    followUp: z.object({ required: z.boolean(), date: z.string().nullable(), instructions: z.string().nullable() }),
  }),
);

/** The pharmacist's work item, in the consultation's commit when medications were prescribed. */
export const prescriptionIssued = defineEvent(
  'PrescriptionIssued',
  z.object({
    consultationId: z.string(),
    patientId: z.string(),
    patientName: z.string(),
    prescribedBy: person,
    diagnosis: z.string(),
    medications: z.array(prescriptionItem),
  }),
);

/** Items handed out (by index into the prescription); the stock they came from is in the pharmacy's events. */
export const prescriptionDispensed = defineEvent(
  'PrescriptionDispensed',
  z.object({
    consultationId: z.string(),
    patientId: z.string(),
    patientName: z.string(),
    prescribedBy: person,
    items: z.array(
      z.object({ index: z.number().int().min(0), medicationName: z.string(), quantity: z.number().int() }),
    ),
    /** Nothing of the prescription is left to dispense. */
    complete: z.boolean(),
  }),
);

export const consultationsContracts = [consultationRecorded, prescriptionIssued, prescriptionDispensed] as const;

/** The module's events by type name: `ConsultationsEvents['ConsultationRecorded']`. */
export type ConsultationsEvents = EventMap<typeof consultationsContracts>;
export type ConsultationRecorded = ConsultationsEvents['ConsultationRecorded'];
export type PrescriptionIssued = ConsultationsEvents['PrescriptionIssued'];
export type PrescriptionDispensed = ConsultationsEvents['PrescriptionDispensed'];
export type ConsultationEvent = EventsOf<typeof consultationsContracts>;
export type ConsultationData = ConsultationRecorded['data'];
