import { createConsultationEndpoint, patientConsultationsEndpoint } from '../../../../shared/api/consultations';
import { patientEndpoint } from '../../../../shared/api/patients';
import { answer } from '../../../lib/testing/fake-api';
import { patientRecord } from '../../../lib/testing/patients';
import type { z } from '../../../lib/zod';
import type { Consultation } from '../api/consultation-schemas';

/** Consultations and a patient as the API gives them (typed by the shared contracts), for component tests. */
/** GET /api/patients/{id}'s answer. */
export const patientAnswer = (p: z.input<typeof patientEndpoint.data>) => answer(patientEndpoint, p);

/** GET /api/consultations/patient/{id}'s answer: newest first. */
export const consultationsAnswer = (list: Consultation[]) => answer(patientConsultationsEndpoint, list);

export const patient = patientRecord({ status: 'consultation' });

export const malaria: Consultation = {
  id: 'c-1',
  consultationDate: '2026-11-20T09:30:00.000Z',
  createdAt: '2026-11-20T09:30:00.000Z',
  patientId: 'p-1',
  patientName: 'Chioma Nwosu',
  doctor: { id: 'u-d', name: 'Tunde Bello', firstName: 'Tunde', lastName: 'Bello' },
  chiefComplaint: 'Fever for three days',
  primaryDiagnosis: 'Malaria',
  historyOfPresentIllness: null,
  physicalExamination: null,
  treatmentPlan: null,
  doctorNotes: 'Review in one week',
  vitals: {
    bloodPressure: '120/80',
    pulseRate: 88,
    temperature: 38.5,
    temperatureUnit: 'C',
    weight: 70,
    height: null,
    respiratoryRate: null,
    oxygenSaturation: null,
  },
  prescriptions: [
    {
      index: 0,
      name: 'Coartem',
      medicationName: 'Coartem',
      medicationId: null,
      dosage: '80/480mg',
      frequency: 'Twice daily',
      duration: '3 days',
      instructions: 'After meals',
      quantity: 6,
      dispensed: true,
      dispensedAt: '2026-11-20T11:00:00.000Z',
    },
  ],
  labOrders: [
    {
      id: 'l-1',
      consultationId: 'c-1',
      patientId: 'p-1',
      patientName: 'Chioma Nwosu',
      testName: 'Full Blood Count',
      testCode: 'FBC',
      urgency: 'STAT',
      instructions: null,
      status: 'completed',
      completed: true,
      orderedBy: { id: 'u-d', name: 'Tunde Bello' },
      orderedAt: '2026-11-20T09:30:00.000Z',
      startedAt: '2026-11-20T09:45:00.000Z',
      startedBy: 'Musa Lawal',
      completedAt: '2026-11-20T10:15:00.000Z',
      results: { Haemoglobin: '13.2 g/dL' },
      notes: null,
      conductedBy: 'Musa Lawal',
    },
  ],
  billing: {
    currency: 'NGN',
    consultationFee: 5000,
    additionalCharges: [{ description: 'Injection', amount: 1500 }],
    totalAmount: 6500,
  },
  followUpRequired: false,
  followUpDate: null,
  followUpInstructions: null,
};

export const followUp: Consultation = {
  ...malaria,
  id: 'c-2',
  consultationDate: '2026-11-27T09:30:00.000Z',
  chiefComplaint: 'Persistent cough',
  primaryDiagnosis: 'Upper respiratory tract infection',
  doctorNotes: null,
  vitals: null,
  prescriptions: [
    {
      ...malaria.prescriptions[0]!,
      name: 'Amoxicillin',
      medicationName: 'Amoxicillin',
      dispensed: false,
      dispensedAt: null,
    },
  ],
  labOrders: [
    {
      ...malaria.labOrders[0]!,
      id: 'l-2',
      testName: 'Chest X-ray',
      testCode: 'CXR',
      urgency: 'Urgent',
      status: 'pending',
      completed: false,
      consultationId: 'c-2',
      orderedAt: '2026-11-27T09:30:00.000Z',
      startedAt: null,
      startedBy: null,
      completedAt: null,
      results: null,
      conductedBy: null,
    },
  ],
  billing: { currency: 'NGN', consultationFee: 5000, additionalCharges: [], totalAmount: 5000 },
};

/** POST /api/consultations/create's 201, as the route sends it: the record at the top and under `data`. */
export function created(consultation: Consultation) {
  const data = { consultation, invoiceId: `inv-${consultation.id}` };
  const reply = answer(createConsultationEndpoint, data, 'Consultation saved successfully!');
  // The route repeats the record at the top for the spec's client; the body keeps its answer() mark.
  Object.assign(reply.body as object, { consultation });
  return { status: 201, ...reply };
}
