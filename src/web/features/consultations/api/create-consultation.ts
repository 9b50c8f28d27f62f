import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { clinicalError, consultationSchema, type Consultation } from './consultation-schemas';

/** The create payload of product-spec-2 §3 (vitals null when none was taken). */
export type ConsultationPayload = {
  patientId: string;
  chiefComplaint: string;
  historyOfPresentIllness: string | null;
  physicalExamination: string | null;
  primaryDiagnosis: string;
  /** The ICD-10 code, when the diagnosis was chosen from the list. */
  primaryDiagnosisCode?: string;
  treatmentPlan: string | null;
  doctorNotes: string | null;
  vitals: {
    bloodPressure: string | null;
    pulseRate: string | null;
    temperature: string | null;
    weight: string | null;
    height: null;
    respiratoryRate: null;
    oxygenSaturation: null;
  } | null;
  prescriptions: {
    medicationName: string;
    dosage: string;
    frequency: string;
    duration: string;
    instructions: string | null;
    quantity: number;
  }[];
  labOrders: { testName: string; testCode: string; urgency: string; instructions: string | null }[];
  billing: {
    consultationFee: number;
    additionalCharges: { description: string | null; amount: number }[];
    totalAmount: number;
  };
  followUpRequired: boolean;
  followUpDate: null;
  followUpInstructions: null;
};

const answer = z.object({ message: z.string().optional(), consultation: consultationSchema });

/** POST /api/consultations/create: the saved consultation and the server's message. */
export async function createConsultation(payload: ConsultationPayload) {
  try {
    const parsed = answer.parse(await request('/consultations/create', { method: 'post', json: payload }));
    return {
      consultation: parsed.consultation satisfies Consultation,
      message: parsed.message ?? 'Consultation saved successfully!',
    };
  } catch (e) {
    throw clinicalError(e, 'Failed to save consultation');
  }
}
