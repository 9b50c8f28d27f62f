import { z } from 'zod';
import { defineEvent, type EventMap, type EventsOf } from '../../platform/event-store/contracts';

/** The appointment book, stream `appointment-<appointmentId>`; the tenant is in every event's metadata. */
const person = z.object({ id: z.string(), name: z.string() });

/** When: the hospital's calendar date and wall-clock time, and the instant they meant at booking. */
const slot = {
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  /** Null: booked with no doctor yet (any doctor on duty sees the patient). */
  doctor: person.nullable(),
};

/** Who the appointment is for travels with every event, for the notifier, the trail and the history. */
const context = { appointmentId: z.string(), patientId: z.string(), patientName: z.string() };

export const appointmentBooked = defineEvent(
  'AppointmentBooked',
  z.object({
    ...context,
    ...slot,
    hospitalId: z.string(),
    reason: z.string(),
    /** Where the reminder e-mail goes, when the patient gave one. */
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    timeZone: z.string(),
  }),
);

export const appointmentRescheduled = defineEvent(
  'AppointmentRescheduled',
  z.object({ ...context, ...slot, previous: z.object(slot) }),
);

export const appointmentCancelled = defineEvent(
  'AppointmentCancelled',
  z.object({ ...context, ...slot, reason: z.string() }),
);

/** The patient arrived; the patient's status moves to Waiting in the same flow (reactors/check-in.ts). */
export const appointmentCheckedIn = defineEvent('AppointmentCheckedIn', z.object({ ...context, ...slot }));

/** Still booked when its day ended: marked by the end-of-day sweep. */
export const appointmentMarkedNoShow = defineEvent('AppointmentMarkedNoShow', z.object({ ...context, ...slot }));

/** The day-before reminder went out (so it goes once), with the ways it went. */
export const appointmentReminderSent = defineEvent(
  'AppointmentReminderSent',
  z.object({ ...context, date: z.string(), time: z.string(), channels: z.array(z.enum(['email', 'sms'])) }),
);

/** The consultation of a checked-in patient: the doctor's records show it was booked, not a walk-in. */
export const appointmentAttended = defineEvent(
  'AppointmentAttended',
  z.object({ ...context, consultationId: z.string(), doctor: person }),
);

export const appointmentsContracts = [
  appointmentBooked,
  appointmentRescheduled,
  appointmentCancelled,
  appointmentCheckedIn,
  appointmentMarkedNoShow,
  appointmentReminderSent,
  appointmentAttended,
] as const;

/** The module's events by type name: `AppointmentsEvents['AppointmentBooked']`. */
export type AppointmentsEvents = EventMap<typeof appointmentsContracts>;
export type AppointmentBooked = AppointmentsEvents['AppointmentBooked'];
export type AppointmentCancelled = AppointmentsEvents['AppointmentCancelled'];
export type AppointmentCheckedIn = AppointmentsEvents['AppointmentCheckedIn'];
export type AppointmentEvent = EventsOf<typeof appointmentsContracts>;
export type Slot = Pick<AppointmentBooked['data'], 'date' | 'time' | 'startsAt' | 'durationMinutes' | 'doctor'>;
