import type { Selectable } from 'kysely';
import type { Database } from '../../../platform/db/database';

type Row = Pick<Selectable<Database['appointments']>, 'patient_name' | 'date' | 'time' | 'doctor_name'>;

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** "Tuesday 1 December 2026": the day as the patient reads it. */
function longDate(date: string) {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

/** The reminder's text; short enough for one or two SMS parts. */
export function reminderText(a: Row, hospitalName: string): string {
  const withDoctor = a.doctor_name ? ` with ${a.doctor_name}` : '';
  return `Reminder: ${a.patient_name}, you have an appointment at ${hospitalName} tomorrow, ${longDate(a.date)}, at ${a.time}${withDoctor}. Please arrive 15 minutes early.`;
}

export function reminderMail(a: Row, hospitalName: string) {
  const text = reminderText(a, hospitalName);
  return {
    subject: `Appointment reminder: ${longDate(a.date)} at ${a.time}`,
    text,
    html: `<p>${escape(text)}</p>`,
  };
}
