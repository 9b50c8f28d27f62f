import type { RecordedEvent } from '../../../platform/event-store/port';
import { DEFAULT_TIME_ZONE } from '../../../shared/hospital-calendar';
import type { Platform } from '../../../platform/platform';
import { defineReactor, type FeedConsumerRef, type Reactor } from '../../../platform/projections/projection';
import type { ConsultationRecorded } from '../../consultations';
import { findSettings } from '../../hospitals';
import { changePatientStatus, PatientNotFound } from '../../patients';
import { applyToAppointment } from '../commands';
import type { AppointmentCheckedIn } from '../events';
import { checkedInOf } from '../read-models/appointments';
import { wallClock } from '../slot-time';

export const APPOINTMENT_CHECK_IN: FeedConsumerRef = { name: 'appointments-check-in' };
export const APPOINTMENT_CONSULTATION: FeedConsumerRef = { name: 'appointments-consultation' };

const followOn = (event: RecordedEvent) => ({
  ...event.metadata,
  causationId: event.id,
  occurredAt: new Date().toISOString(),
});

/**
 * Checked in → the patient is Waiting. The check-in route waits for this reactor, so the desk's
 * answer already finds the patient in the waiting list; a crash in between finishes here on
 * restart. Changing to the status the patient already has records nothing, so a replay is harmless.
 */
export function checkInStatusReactor(platform: Platform): Reactor {
  return defineReactor<AppointmentCheckedIn>({
    name: APPOINTMENT_CHECK_IN.name,
    handles: ['AppointmentCheckedIn'],
    react: async (event) => {
      const { patientId } = event.data;
      try {
        await changePatientStatus(platform, followOn(event), patientId, 'waiting');
      } catch (e) {
        if (!(e instanceof PatientNotFound)) throw e;
      }
    },
  });
}

/** A consultation of a patient checked in today: that appointment was attended, not a walk-in visit. */
export function consultationLinkReactor(platform: Platform): Reactor {
  return defineReactor<ConsultationRecorded>({
    name: APPOINTMENT_CONSULTATION.name,
    handles: ['ConsultationRecorded'],
    react: async (event) => {
      const d = event.data;
      const settings = await findSettings(platform.db, d.hospitalId);
      const date = wallClock(new Date(event.metadata.occurredAt), settings?.timeZone ?? DEFAULT_TIME_ZONE).date;
      const open = await checkedInOf(platform.db, d.hospitalId, d.patientId, date);
      if (!open) return;
      await applyToAppointment(platform, followOn(event), open.appointment_id, {
        type: 'LinkConsultation',
        appointmentId: open.appointment_id,
        hospitalId: d.hospitalId,
        consultationId: d.consultationId,
        doctor: d.doctor,
      });
    },
  });
}
