import type { DomainEvent } from '../../platform/event-store/port';
import type { Described, NameOf } from './describe-kit';
import { str } from './describe-kit';

/**
 * The trail's sentences for the appointment book (issue 24). Each names the patient and carries
 * `patientId`, so every change is in the patient's history too.
 */
type Data = Record<string, unknown>;
const doctorOf = (d: Data) => {
  const doctor = d.doctor as { name?: string } | null | undefined;
  return doctor?.name ? ` with ${doctor.name}` : '';
};
const when = (d: Data) => `${str(d.date)} ${str(d.time)}`;

export function describeAppointment(event: DomainEvent, name: NameOf): Described | null {
  const d = event.data as Data;
  const patient = name('patient', str(d.patientId)) ?? (str(d.patientName) || 'a patient');
  const on = (action: string): Described => ({
    action,
    subjectType: 'appointment',
    subjectId: str(d.appointmentId) || null,
    outcome: 'success',
  });
  switch (event.type) {
    case 'AppointmentBooked':
      return on(`Booked an appointment for ${patient} on ${when(d)}${doctorOf(d)}: ${str(d.reason)}`);
    case 'AppointmentRescheduled': {
      const before = (d.previous ?? {}) as Data;
      return on(`Rescheduled ${patient}'s appointment from ${when(before)} to ${when(d)}${doctorOf(d)}`);
    }
    case 'AppointmentCancelled':
      return on(`Cancelled ${patient}'s appointment on ${when(d)}: ${str(d.reason)}`);
    case 'AppointmentCheckedIn':
      return on(`Checked in ${patient} for the appointment on ${when(d)}`);
    case 'AppointmentMarkedNoShow':
      return on(`Marked ${patient} a no-show for the appointment on ${when(d)}`);
    case 'AppointmentReminderSent': {
      const channels = Array.isArray(d.channels) ? d.channels.map(String) : [];
      const by = channels.map((c) => (c === 'sms' ? 'SMS' : 'e-mail')).join(' and ');
      return on(`Sent ${patient} a reminder of the appointment on ${when(d)}${by ? ` by ${by}` : ''}`);
    }
    case 'AppointmentAttended':
      return on(`Linked ${patient}'s consultation to the appointment`);
    default:
      return null;
  }
}
