import { z } from 'zod';
import { clientId } from '../../platform/http/device-headers';
import { isCalendarDate } from '../../shared/hospital-calendar';
import { APPOINTMENT_STATUSES } from './appointment';
import { DEFAULT_DURATION, MAX_DURATION, SLOT_MINUTES } from './slot-time';

/** Request and answer schemas of the appointment routes (validated before a handler runs; the OpenAPI doc). */
export const MESSAGES = {
  date: 'Please enter a valid date (YYYY-MM-DD)',
  time: `Please choose a start time on the quarter hour (HH:MM, every ${SLOT_MINUTES} minutes)`,
  duration: `Duration must be ${SLOT_MINUTES} to ${MAX_DURATION} minutes, in steps of ${SLOT_MINUTES}`,
  reason: 'Please enter the reason for the appointment',
  cancelReason: 'Please give a reason for cancelling',
  patient: 'Please choose a patient',
  email: 'Please enter a valid email address',
  version: 'Version must be a positive whole number',
} as const;

const date = z.string({ error: MESSAGES.date }).trim().refine(isCalendarDate, MESSAGES.date).meta({ format: 'date' });
const time = z
  .string({ error: MESSAGES.time })
  .trim()
  .regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, MESSAGES.time);
const duration = z.coerce
  .number({ error: MESSAGES.duration })
  .int(MESSAGES.duration)
  .min(SLOT_MINUTES, MESSAGES.duration)
  .max(MAX_DURATION, MESSAGES.duration)
  .refine((n) => n % SLOT_MINUTES === 0, MESSAGES.duration);
const doctorId = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => v || null);
export const version = z.coerce.number({ error: MESSAGES.version }).int(MESSAGES.version).min(1, MESSAGES.version);

export const slotBody = z.object({ date, time, durationMinutes: duration.default(DEFAULT_DURATION), doctorId });

export const bookBody = slotBody.extend({
  /** The appointment's id, chosen by the client (an offline booking); without it the server chooses. */
  id: clientId.optional(),
  patientId: z.string({ error: MESSAGES.patient }).trim().min(1, MESSAGES.patient).max(100),
  reason: z.string({ error: MESSAGES.reason }).trim().min(1, MESSAGES.reason).max(500, 'Reason is too long'),
  contactEmail: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v?.toLowerCase() || null)
    .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), MESSAGES.email),
});

export const rescheduleBody = slotBody.extend({ version: version.optional() });
export const cancelBody = z.object({
  reason: z.string({ error: MESSAGES.cancelReason }).trim().min(1, MESSAGES.cancelReason).max(500),
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
  status: z.enum(APPOINTMENT_STATUSES as [string, ...string[]]),
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
