import type { Decider } from '../../platform/event-store/command-handler';
import { ConsultationAlreadyRecorded, ConsultationNotFound, NoPrescription, UnknownPrescriptionItem } from './errors';
import type { ConsultationData, ConsultationEvent } from './events';
import { evolveConsultation, initialConsultationState, type ConsultationState } from './consultation';

export type RecordConsultation = { type: 'RecordConsultation'; consultation: ConsultationData };
/** `items`: indexes into the prescription; absent, every medication. */
export type DispensePrescription = {
  type: 'DispensePrescription';
  consultationId: string;
  hospitalId: string;
  items?: number[];
};
export type ConsultationCommand = RecordConsultation | DispensePrescription;

function record(command: RecordConsultation, state: ConsultationState): ConsultationEvent[] {
  if (state.status !== 'none') throw new ConsultationAlreadyRecorded();
  const c = command.consultation;
  const events: ConsultationEvent[] = [{ type: 'ConsultationRecorded', data: c }];
  if (c.prescriptions.length > 0) {
    events.push({
      type: 'PrescriptionIssued',
      data: {
        consultationId: c.consultationId,
        patientId: c.patientId,
        patientName: c.patientName,
        prescribedBy: c.doctor,
        diagnosis: c.primaryDiagnosis,
        medications: c.prescriptions,
      },
    });
  }
  return events;
}

/**
 * Dispenses the requested items not dispensed yet; items already dispensed are skipped, so a
 * repeated request records nothing (and the caller takes nothing from stock).
 */
function dispense(command: DispensePrescription, state: ConsultationState): ConsultationEvent[] {
  if (state.status !== 'recorded' || state.hospitalId !== command.hospitalId) throw new ConsultationNotFound();
  if (state.medications.length === 0) throw new NoPrescription();
  const requested = command.items ?? state.medications.map((_, i) => i);
  for (const i of requested) if (!state.medications[i]) throw new UnknownPrescriptionItem(i);
  const todo = [...new Set(requested)].filter((i) => !state.medications[i]!.dispensed).sort((a, b) => a - b);
  if (todo.length === 0) return [];
  const left = state.medications.filter((m, i) => !m.dispensed && !todo.includes(i)).length;
  return [
    {
      type: 'PrescriptionDispensed',
      data: {
        consultationId: state.consultationId,
        patientId: state.patientId,
        patientName: state.patientName,
        prescribedBy: state.doctor,
        items: todo.map((index) => ({
          index,
          medicationName: state.medications[index]!.medicationName,
          quantity: state.medications[index]!.quantity,
        })),
        complete: left === 0,
      },
    },
  ];
}

export const consultationDecider: Decider<ConsultationCommand, ConsultationEvent, ConsultationState> = {
  initialState: initialConsultationState,
  evolve: evolveConsultation,
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordConsultation':
        return record(command, state);
      case 'DispensePrescription':
        return dispense(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
