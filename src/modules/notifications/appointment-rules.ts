import type { RecordedEvent } from '../../platform/event-store/port';
import type { AppointmentBooked, AppointmentCancelled, AppointmentCheckedIn, AppointmentEvent } from '../appointments';
import { by, defineRules, type Draft } from './draft';

type News = AppointmentBooked | AppointmentCancelled | AppointmentCheckedIn;
type Data = News['data'];

/**
 * The appointment book's news on the `appointments` channel (issue 24): booked, checked in and
 * cancelled, to the front desk (receptionist, nurse) and to the doctor concerned only, as a
 * second message addressed to that doctor (`forDoctor`; visibility.ts). Only a check-in pops up:
 * the patient is at the desk and the doctor's list has a new name.
 */
function drafts(
  e: RecordedEvent<News>,
  type: 'appointment_booked' | 'appointment_checked_in' | 'appointment_cancelled',
  title: string,
  message: string,
): Draft[] {
  const d = e.data;
  const appointment = {
    id: d.appointmentId,
    patientId: d.patientId,
    patientName: d.patientName,
    doctor: d.doctor,
    date: d.date,
    time: d.time,
    durationMinutes: d.durationMinutes,
  };
  const priority = type === 'appointment_checked_in' ? 'high' : 'normal';
  const base = { type, title, message, priority, data: { appointment, by: by(e), message } } as const;
  const desk: Draft = { ...base, data: { ...base.data, forDoctor: false } };
  if (!d.doctor) return [desk];
  return [desk, { ...base, data: { ...base.data, forDoctor: true }, userIds: [d.doctor.id] }];
}

const at = (d: Data) => `${d.date} ${d.time}`;
const withDoctor = (d: Data) => (d.doctor ? ` with ${d.doctor.name}` : '');

export const APPOINTMENT_RULES = defineRules<AppointmentEvent>({
  AppointmentBooked: async (e) => {
    const d = e.data;
    return drafts(
      e,
      'appointment_booked',
      'Appointment Booked',
      `${d.patientName} booked for ${at(d)}${withDoctor(d)}`,
    );
  },
  AppointmentCheckedIn: async (e) => {
    const d = e.data;
    const message = `${d.patientName} checked in for the ${d.time} appointment${withDoctor(d)}`;
    return drafts(e, 'appointment_checked_in', 'Patient Checked In', message);
  },
  AppointmentCancelled: async (e) => {
    const d = e.data;
    const message = `${d.patientName}'s appointment on ${at(d)}${withDoctor(d)} was cancelled: ${d.reason}`;
    return drafts(e, 'appointment_cancelled', 'Appointment Cancelled', message);
  },
});
