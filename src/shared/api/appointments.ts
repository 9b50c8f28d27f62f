import { z } from 'zod';
import { clientId } from '../client-id';
import { isCalendarDate } from '../hospital-calendar';
import { endpoint } from './endpoint';

/**
 * The appointment endpoints (/api/appointments/…), declared once for the routes and the browser: what each
 * takes, with the messages the forms show, and what it answers.
 */
export const SLOT_MINUTES = 15;
export const DEFAULT_DURATION = 15;
export const MAX_DURATION = 240;

export const APPOINTMENT_STATUSES = ['booked', 'checked in', 'cancelled', 'no-show', 'attended'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const APPOINTMENT_MESSAGES = {
  date: 'Please enter a valid date (YYYY-MM-DD)',
  time: `Please choose a start time on the quarter hour (HH:MM, every ${SLOT_MINUTES} minutes)`,
  duration: `Duration must be ${SLOT_MINUTES} to ${MAX_DURATION} minutes, in steps of ${SLOT_MINUTES}`,
  reason: 'Please enter the reason for the appointment',
  cancelReason: 'Please give a reason for cancelling',
  patient: 'Please choose a patient',
  email: 'Please enter a valid email address',
  version: 'Version must be a positive whole number',
} as const;

const date = z
  .string({ error: APPOINTMENT_MESSAGES.date })
  .trim()
  .refine(isCalendarDate, APPOINTMENT_MESSAGES.date)
  .meta({ format: 'date' });
const time = z
  .string({ error: APPOINTMENT_MESSAGES.time })
  .trim()
  .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, APPOINTMENT_MESSAGES.time);
const duration = z.coerce
  .number({ error: APPOINTMENT_MESSAGES.duration })
  .int(APPOINTMENT_MESSAGES.duration)
  .min(SLOT_MINUTES, APPOINTMENT_MESSAGES.duration)
  .max(MAX_DURATION, APPOINTMENT_MESSAGES.duration)
  .refine((n) => n % SLOT_MINUTES === 0, APPOINTMENT_MESSAGES.duration);
const doctorId = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => v || null);
export const version = z.coerce
  .number({ error: APPOINTMENT_MESSAGES.version })
  .int(APPOINTMENT_MESSAGES.version)
  .min(1, APPOINTMENT_MESSAGES.version);

export const slotBody = z.object({ date, time, durationMinutes: duration.default(DEFAULT_DURATION), doctorId });

export const bookBody = slotBody.extend({
  /** The appointment's id, chosen by the client (an offline booking); without it the server chooses. */
  id: clientId.optional(),
  patientId: z.string({ error: APPOINTMENT_MESSAGES.patient }).trim().min(1, APPOINTMENT_MESSAGES.patient).max(100),
  reason: z
    .string({ error: APPOINTMENT_MESSAGES.reason })
    .trim()
    .min(1, APPOINTMENT_MESSAGES.reason)
    .max(500, 'Reason is too long'),
  contactEmail: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v?.toLowerCase() || null)
    .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), APPOINTMENT_MESSAGES.email),
});

export const rescheduleBody = slotBody.extend({ version: version.optional() });
export const cancelBody = z.object({
  reason: z
    .string({ error: APPOINTMENT_MESSAGES.cancelReason })
    .trim()
    .min(1, APPOINTMENT_MESSAGES.cancelReason)
    .max(500),
  version: version.optional(),
});
export const checkInBody = z.object({ version: version.optional() }).nullish();

export const dayQuery = z.object({ date: date.optional(), doctorId: z.string().trim().max(100).optional() });
export const idParams = z.object({ id: z.string().min(1).max(100) });

const person = z.object({ id: z.string(), name: z.string() });
export const appointmentSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  doctor: person.nullable(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  reason: z.string(),
  contactEmail: z.string().nullable(),
  status: z.enum(APPOINTMENT_STATUSES),
  cancelReason: z.string().nullable(),
  checkedInAt: z.string().nullable(),
  consultationId: z.string().nullable(),
  remindedAt: z.string().nullable(),
  bookedBy: z.string(),
  bookedAt: z.string(),
  version: z.number(),
});

export const countsSchema = z.object({
  date: z.string(),
  total: z.number(),
  booked: z.number(),
  checkedIn: z.number(),
  cancelled: z.number(),
  noShows: z.number(),
});

const oneAppointment = z.object({ appointment: appointmentSchema });

/** GET /api/appointments: a day of the book (the hospital's today by default), by start time. */
export const appointmentDayEndpoint = endpoint({
  method: 'GET',
  path: '/appointments',
  query: dayQuery,
  data: z.object({
    date: z.string(),
    timeZone: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
    appointments: z.array(appointmentSchema),
  }),
});

/** GET /api/appointments/doctors: the active doctors an appointment can be booked with. */
export const appointmentDoctorsEndpoint = endpoint({
  method: 'GET',
  path: '/appointments/doctors',
  data: z.object({ doctors: z.array(person) }),
});

/** GET /api/appointments/stats: the day's appointments by status (today by default). */
export const appointmentCountsEndpoint = endpoint({
  method: 'GET',
  path: '/appointments/stats',
  query: dayQuery.pick({ date: true }),
  data: countsSchema,
});

export const appointmentEndpoint = endpoint({
  method: 'GET',
  path: '/appointments/:id',
  params: idParams,
  data: oneAppointment,
});

/** POST /api/appointments (201); a doctor's taken slot answers 409. */
export const bookAppointmentEndpoint = endpoint({
  method: 'POST',
  path: '/appointments',
  body: bookBody,
  data: oneAppointment,
});

export const rescheduleAppointmentEndpoint = endpoint({
  method: 'PUT',
  path: '/appointments/:id',
  params: idParams,
  body: rescheduleBody,
  data: oneAppointment,
});

export const cancelAppointmentEndpoint = endpoint({
  method: 'POST',
  path: '/appointments/:id/cancel',
  params: idParams,
  body: cancelBody,
  data: oneAppointment,
});

/** POST /api/appointments/{id}/check-in: on the appointment's day; the patient is Waiting when it answers. */
export const checkInAppointmentEndpoint = endpoint({
  method: 'POST',
  path: '/appointments/:id/check-in',
  params: idParams,
  body: checkInBody,
  data: oneAppointment,
});
