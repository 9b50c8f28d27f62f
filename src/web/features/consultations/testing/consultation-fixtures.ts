import type { Consultation } from '../api/consultation-schemas';

/** Consultations and a patient as the API gives them, for component tests. */
export const ok = (data: unknown, message?: string) => ({ body: { success: true, message, data } });

export const patient = {
  id: 'p-1',
  name: 'Chioma Nwosu',
  identificationNumber: 'PAT123456789',
  status: 'consultation',
  admission: null,
};

export const malaria: Consultation = {
  id: 'c-1',
  consultationDate: '2026-11-20T09:30:00.000Z',
  patientId: 'p-1',
  doctor: { id: 'u-d', name: 'Tunde Bello' },
  chiefComplaint: 'Fever for three days',
  primaryDiagnosis: 'Malaria',
  historyOfPresentIllness: null,
  physicalExamination: null,
  treatmentPlan: null,
  doctorNotes: 'Review in one week',
  vitals: { bloodPressure: '120/80', pulseRate: 88, temperature: 38.5, temperatureUnit: 'C', weight: 70 },
  prescriptions: [
    {
      index: 0,
      medicationName: 'Coartem',
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
      testName: 'Full Blood Count',
      testCode: 'FBC',
      urgency: 'STAT',
      instructions: null,
      status: 'completed',
      completed: true,
      orderedAt: '2026-11-20T09:30:00.000Z',
      completedAt: '2026-11-20T10:15:00.000Z',
      results: { Haemoglobin: '13.2 g/dL' },
      notes: null,
      conductedBy: 'Musa Lawal',
    },
  ],
  billing: {
    consultationFee: 5000,
    additionalCharges: [{ description: 'Injection', amount: 1500 }],
    totalAmount: 6500,
  },
};

export const followUp: Consultation = {
  ...malaria,
  id: 'c-2',
  consultationDate: '2026-11-27T09:30:00.000Z',
  chiefComplaint: 'Persistent cough',
  primaryDiagnosis: 'Upper respiratory tract infection',
  doctorNotes: null,
  vitals: null,
  prescriptions: [{ ...malaria.prescriptions[0]!, medicationName: 'Amoxicillin', dispensed: false, dispensedAt: null }],
  labOrders: [
    {
      ...malaria.labOrders[0]!,
      id: 'l-2',
      testName: 'Chest X-ray',
      testCode: 'CXR',
      urgency: 'Urgent',
      status: 'pending',
      completed: false,
      orderedAt: '2026-11-27T09:30:00.000Z',
      completedAt: null,
      results: null,
      conductedBy: null,
    },
  ],
  billing: { consultationFee: 5000, additionalCharges: [], totalAmount: 5000 },
};
