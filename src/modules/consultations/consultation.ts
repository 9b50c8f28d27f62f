import type { ConsultationEvent } from './events';

/** A consultation, stream `consultation-<consultationId>`: what dispensing needs of it. */
export type ConsultationState =
  | { status: 'none' }
  | {
      status: 'recorded';
      consultationId: string;
      hospitalId: string;
      patientId: string;
      patientName: string;
      doctor: { id: string; name: string };
      medications: { medicationName: string; quantity: number; dispensed: boolean }[];
    };

export const consultationStream = (consultationId: string) => `consultation-${consultationId}`;

export const initialConsultationState = (): ConsultationState => ({ status: 'none' });

export function evolveConsultation(state: ConsultationState, event: ConsultationEvent): ConsultationState {
  switch (event.type) {
    case 'ConsultationRecorded': {
      const d = event.data;
      return {
        status: 'recorded',
        consultationId: d.consultationId,
        hospitalId: d.hospitalId,
        patientId: d.patientId,
        patientName: d.patientName,
        doctor: d.doctor,
        medications: d.prescriptions.map((p) => ({
          medicationName: p.medicationName,
          quantity: p.quantity,
          dispensed: false,
        })),
      };
    }
    case 'PrescriptionDispensed': {
      if (state.status !== 'recorded') return state;
      const done = new Set(event.data.items.map((i) => i.index));
      return {
        ...state,
        medications: state.medications.map((m, i) => (done.has(i) ? { ...m, dispensed: true } : m)),
      };
    }
    default:
      return state;
  }
}
