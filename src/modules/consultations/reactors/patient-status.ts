import type { RecordedEvent } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import type { FeedConsumerRef, Reactor } from '../../../platform/projections/projection';
import { PatientNotFound, recordConsultationOutcome, vitalSignsInput } from '../../patients';
import type { ConsultationRecorded } from '../events';

export const CONSULTATION_PATIENT_STATUS: FeedConsumerRef = { name: 'consultations-patient-status' };

/**
 * A consultation recorded → the patient is in 'consultation', or 'refer for test' when it ordered
 * lab tests (both are in the same commit, so the status goes straight to where the work is).
 * Vitals taken during the consultation become the patient's last vitals (the overview's Last
 * vitals), through the patients module's own command and rules, in the status change's commit;
 * those of consultations recorded before the rules applied here are skipped if a nurse could not
 * have recorded them. Setting the status the patient already has records nothing; a replay after a
 * crash before the checkpoint records the same vitals again (same values, so the last vitals do not
 * change). A patient deleted meanwhile is left alone.
 */
export function consultationPatientStatusReactor(platform: Platform): Reactor {
  return {
    name: CONSULTATION_PATIENT_STATUS.name,
    handles: ['ConsultationRecorded'],
    react: async (event: RecordedEvent) => {
      const { patientId, labOrders, vitals } = (event as unknown as RecordedEvent<ConsultationRecorded>).data;
      const metadata = { ...event.metadata, causationId: event.id, occurredAt: new Date().toISOString() };
      try {
        const taken = vitals ? vitalSignsInput.safeParse(vitals) : null;
        await recordConsultationOutcome(platform, metadata, patientId, {
          status: labOrders.length > 0 ? 'refer for test' : 'consultation',
          vitals: taken?.success ? taken.data : null,
        });
      } catch (e) {
        if (!(e instanceof PatientNotFound)) throw e;
      }
    },
  };
}
