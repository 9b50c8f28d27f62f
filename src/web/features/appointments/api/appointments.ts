import { ApiError, request, type FieldError } from '../../../lib/api-client';
import { searchKnownPatients } from '../../../lib/offline/known-patients';
import { withLastSeen } from '../../../lib/offline/last-seen';
import { newCommandId } from '../../../lib/offline/queue';
import { runOrQueue } from '../../../lib/offline/run-or-queue';
import { z } from '../../../lib/zod';

/** One appointment as the /api/appointments routes answer it. */
export const appointmentSchema = z.object({
  id: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  doctor: z.object({ id: z.string(), name: z.string() }).nullable(),
  date: z.string(),
  time: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number(),
  reason: z.string(),
  status: z.enum(['booked', 'checked in', 'cancelled', 'no-show', 'attended']),
  cancelReason: z.string().nullable(),
  consultationId: z.string().nullable(),
  version: z.number(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

const dayAnswer = z.object({
  data: z.object({
    date: z.string(),
    timeZone: z.string(),
    opensAt: z.string(),
    closesAt: z.string(),
    appointments: z.array(appointmentSchema),
  }),
});
export type AppointmentDay = z.infer<typeof dayAnswer>['data'];
const oneAnswer = z.object({ data: z.object({ appointment: appointmentSchema }), message: z.string().optional() });
const doctorsAnswer = z.object({
  data: z.object({ doctors: z.array(z.object({ id: z.string(), name: z.string() })) }),
});
const countsAnswer = z.object({
  data: z.object({ date: z.string(), total: z.number(), checkedIn: z.number(), noShows: z.number() }),
});
export type AppointmentCounts = z.infer<typeof countsAnswer>['data'];
const patientsAnswer = z.object({
  data: z.object({
    patients: z.array(z.object({ id: z.string(), name: z.string(), identificationNumber: z.string().optional() })),
  }),
});

/** A refused call: the server's message and its field reasons. */
export class AppointmentError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'AppointmentError';
  }
}

function failure(e: unknown, fallback: string): AppointmentError {
  if (e instanceof ApiError) {
    const first = e.errors[0]?.message;
    const message = e.status === 400 && first ? first : e.message || fallback;
    return new AppointmentError(message, e.status, e.errors);
  }
  return new AppointmentError(fallback, 0);
}

async function call<T>(run: () => Promise<T>, fallback: string): Promise<T> {
  try {
    return await run();
  } catch (e) {
    throw failure(e, fallback);
  }
}

/** GET /api/appointments: a day of the book (the hospital's today when `date` is omitted). */
export function fetchAppointmentDay(query: { date?: string; doctorId?: string }, signal?: AbortSignal) {
  const searchParams: Record<string, string> = {};
  if (query.date) searchParams.date = query.date;
  if (query.doctorId) searchParams.doctorId = query.doctorId;
  const load = async () => dayAnswer.parse(await request('/appointments', { searchParams, signal })).data;
  return call(async () => {
    // Each day's book last seen is kept for reading offline.
    const slot = `appointments:${query.date ?? 'today'}:${query.doctorId ?? 'all'}`;
    const { value, asOf } = await withLastSeen(slot, load);
    return { ...value, asOf };
  }, 'Failed to fetch appointments');
}

export function fetchDoctors(signal?: AbortSignal) {
  const load = async () => doctorsAnswer.parse(await request('/appointments/doctors', { signal })).data.doctors;
  return call(async () => (await withLastSeen('appointment-doctors', load)).value, 'Failed to fetch doctors');
}

export function fetchAppointmentCounts(signal?: AbortSignal) {
  return call(
    async () => countsAnswer.parse(await request('/appointments/stats', { signal })).data,
    "Failed to fetch today's appointments",
  );
}

/**
 * Patients whose name or number matches, for the booking dialog's picker; offline, the ones this device
 * has seen or registered and not yet sent (issue 25).
 */
export function searchPatients(search: string, signal?: AbortSignal) {
  return call(async () => {
    try {
      const answer = await request('/patients', { searchParams: { search, limit: 8, page: 1 }, signal });
      return patientsAnswer.parse(answer).data.patients;
    } catch (e) {
      if (e instanceof ApiError && e.status === 0 && !signal?.aborted) return searchKnownPatients(search);
      throw e;
    }
  }, 'Failed to search patients');
}

export type SlotInput = { date: string; time: string; durationMinutes: number; doctorId: string | null };

const one = async (path: string, method: 'post' | 'put', json: object) =>
  oneAnswer.parse(await request(path, { method, json })).data.appointment;
const at = (id: string, tail = '') => `/appointments/${encodeURIComponent(id)}${tail}`;

/** The answer of a command that works offline: the appointment, or null when it was kept on this device. */
async function oneOrQueued(
  kind: 'book-appointment' | 'check-in-appointment',
  route: string,
  json: Record<string, unknown>,
  label: string,
  basedOnVersion?: number,
): Promise<Appointment | null> {
  const body = basedOnVersion === undefined ? json : { ...json, version: basedOnVersion };
  const command = { kind, method: 'POST' as const, route, body: json, label, basedOnVersion };
  const outcome = await runOrQueue(command, () => request(route, { method: 'post', json: body }));
  return outcome.queued ? null : oneAnswer.parse(outcome.value).data.appointment;
}

/** POST /api/appointments; offline it is kept on this device with an id chosen here (issue 25). */
export function bookAppointment(
  input: SlotInput & { patientId: string; reason: string; contactEmail: string | null },
  patientName = 'a patient',
) {
  const label = `Appointment for ${patientName}, ${input.date} ${input.time}`;
  return call(
    () => oneOrQueued('book-appointment', 'appointments', { ...input, id: newCommandId() }, label),
    'Failed to book the appointment',
  );
}
export function rescheduleAppointment(id: string, input: SlotInput & { version: number }) {
  return call(() => one(at(id), 'put', input), 'Failed to reschedule the appointment');
}
export function cancelAppointment(id: string, reason: string, version: number) {
  return call(() => one(at(id, '/cancel'), 'post', { reason, version }), 'Failed to cancel the appointment');
}
export function checkInAppointment(id: string, version: number, patientName = 'a patient') {
  return call(
    () =>
      oneOrQueued(
        'check-in-appointment',
        `appointments/${encodeURIComponent(id)}/check-in`,
        {},
        `Check in ${patientName}`,
        version,
      ),
    'Failed to check the patient in',
  );
}

/** The live messages after which a day of the book may have changed. */
export const APPOINTMENT_EVENTS = ['appointment_booked', 'appointment_checked_in', 'appointment_cancelled'];
