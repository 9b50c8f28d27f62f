import { describe, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { consultationDecider, type ConsultationCommand } from './decider';
import { ConsultationNotFound, UnknownPrescriptionItem } from './errors';
import type { ConsultationData, ConsultationEvent } from './events';

const item = (medicationName: string, quantity: number) => ({
  medicationName,
  dosage: '1 tab',
  frequency: 'daily',
  duration: '5 days',
  instructions: null,
  quantity,
});
const data: ConsultationData = {
  consultationId: 'c-1',
  hospitalId: 'h-1',
  patientId: 'p-1',
  patientName: 'Ada Obi',
  doctor: { id: 'd-1', name: 'Dr Eze' },
  chiefComplaint: 'Fever',
  historyOfPresentIllness: null,
  physicalExamination: null,
  primaryDiagnosis: 'Malaria',
  treatmentPlan: null,
  doctorNotes: null,
  vitals: null,
  prescriptions: [item('Coartem', 1), item('Paracetamol', 2)],
  labOrders: [],
  billing: { consultationFeeKobo: 500_000, additionalCharges: [], totalAmountKobo: 500_000 },
  followUp: { required: false, date: null, instructions: null },
};
const recorded: ConsultationEvent = { type: 'ConsultationRecorded', data };
const dispense = (items?: number[], hospitalId = 'h-1'): ConsultationCommand => ({
  type: 'DispensePrescription',
  consultationId: 'c-1',
  hospitalId,
  items,
});
const dispensed = (
  items: { index: number; medicationName: string; quantity: number }[],
  complete: boolean,
): ConsultationEvent => ({
  type: 'PrescriptionDispensed',
  data: { consultationId: 'c-1', patientId: 'p-1', patientName: 'Ada Obi', prescribedBy: data.doctor, items, complete },
});

describe('consultation decider', () => {
  it('records the consultation and issues its prescription', () =>
    given(consultationDecider)
      .when({ type: 'RecordConsultation', consultation: data })
      .then([
        recorded,
        {
          type: 'PrescriptionIssued',
          data: {
            consultationId: 'c-1',
            patientId: 'p-1',
            patientName: 'Ada Obi',
            prescribedBy: data.doctor,
            diagnosis: 'Malaria',
            medications: data.prescriptions,
          },
        },
      ]));

  it('dispenses every medication by default', () =>
    given(consultationDecider, [recorded])
      .when(dispense())
      .then([
        dispensed(
          [
            { index: 0, medicationName: 'Coartem', quantity: 1 },
            { index: 1, medicationName: 'Paracetamol', quantity: 2 },
          ],
          true,
        ),
      ]));

  it('dispenses a subset, then only what is left', () => {
    given(consultationDecider, [recorded])
      .when(dispense([1]))
      .then([dispensed([{ index: 1, medicationName: 'Paracetamol', quantity: 2 }], false)]);
    given(consultationDecider, [recorded, dispensed([{ index: 1, medicationName: 'Paracetamol', quantity: 2 }], false)])
      .when(dispense())
      .then([dispensed([{ index: 0, medicationName: 'Coartem', quantity: 1 }], true)]);
  });

  it('records nothing when everything is already dispensed', () =>
    given(consultationDecider, [
      recorded,
      dispensed(
        [
          { index: 0, medicationName: 'Coartem', quantity: 1 },
          { index: 1, medicationName: 'Paracetamol', quantity: 2 },
        ],
        true,
      ),
    ])
      .when(dispense())
      .then([]));

  it('refuses an unknown item and another hospital', () => {
    given(consultationDecider, [recorded])
      .when(dispense([5]))
      .thenThrows(UnknownPrescriptionItem);
    given(consultationDecider, [recorded]).when(dispense(undefined, 'h-2')).thenThrows(ConsultationNotFound);
  });
});
