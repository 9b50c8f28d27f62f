import type { RecordedEvent } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import type { FeedConsumerRef, Reactor } from '../../../platform/projections/projection';
import { changePatientStatus, PatientNotFound } from '../../patients';
import type { LabResultsRecorded } from '../events';
import { openLabRequestsOf } from '../read-models/lab-requests';

export const LAB_PATIENT_STATUS: FeedConsumerRef = { name: 'laboratory-patient-status' };

/**
 * Results in → the patient's status becomes 'test complete', once every test of that consultation
 * has its results (the lab read model is inline, so it is current when this runs). Changing to the
 * status the patient already has records nothing, so a replay is harmless; a patient deleted since
 * the order is left alone.
 */
export function labPatientStatusReactor(platform: Platform): Reactor {
  return {
    name: LAB_PATIENT_STATUS.name,
    handles: ['LabResultsRecorded'],
    react: async (event: RecordedEvent) => {
      const { consultationId, patientId } = (event as unknown as RecordedEvent<LabResultsRecorded>).data;
      if ((await openLabRequestsOf(platform.db, consultationId)) > 0) return;
      const metadata = { ...event.metadata, causationId: event.id, occurredAt: new Date().toISOString() };
      try {
        await changePatientStatus(platform, metadata, patientId, 'test complete');
      } catch (e) {
        if (!(e instanceof PatientNotFound)) throw e;
      }
    },
  };
}
