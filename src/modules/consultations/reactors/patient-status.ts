import type { RecordedEvent } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import type { FeedConsumerRef, Reactor } from '../../../platform/projections/projection';
import { changePatientStatus, PatientNotFound } from '../../patients';
import type { ConsultationRecorded } from '../events';

export const CONSULTATION_PATIENT_STATUS: FeedConsumerRef = { name: 'consultations-patient-status' };

/**
 * A consultation recorded → the patient is in 'consultation', or 'refer for test' when it ordered
 * lab tests (both are in the same commit, so the status goes straight to where the work is).
 * Setting the status the patient already has records nothing, so a replay is harmless; a patient
 * deleted meanwhile is left alone.
 */
export function consultationPatientStatusReactor(platform: Platform): Reactor {
  return {
    name: CONSULTATION_PATIENT_STATUS.name,
    handles: ['ConsultationRecorded'],
    react: async (event: RecordedEvent) => {
      const { patientId, labOrders } = (event as unknown as RecordedEvent<ConsultationRecorded>).data;
      const metadata = { ...event.metadata, causationId: event.id, occurredAt: new Date().toISOString() };
      try {
        await changePatientStatus(
          platform,
          metadata,
          patientId,
          labOrders.length > 0 ? 'refer for test' : 'consultation',
        );
      } catch (e) {
        if (!(e instanceof PatientNotFound)) throw e;
      }
    },
  };
}
