import {
  appointmentCountsEndpoint,
  appointmentDayEndpoint,
  appointmentDoctorsEndpoint,
  type appointmentSchema,
  bookAppointmentEndpoint,
  cancelAppointmentEndpoint,
  checkInAppointmentEndpoint,
  rescheduleAppointmentEndpoint,
} from '../../../../shared/api/appointments';
import { pathOf } from '../../../../shared/api/endpoint';
import { ApiError, type FieldError } from '../../../lib/api-client';
import { callEndpoint, fetchData } from '../../../lib/endpoint-client';
import { searchKnownPatients } from '../../../lib/offline/known-patients';
import { withLastSeen } from '../../../lib/offline/last-seen';
import { newCommandId } from '../../../lib/offline/queue';
import { runOrQueue } from '../../../lib/offline/run-or-queue';
import { fetchPatientsPage } from '../../../lib/patients-api';
import type { z } from '../../../lib/zod';

// The answers are the shared contract's (src/shared/api/appointments.ts), as the server's routes send them.
export type Appointment = z.output<typeof appointmentSchema>;
export type AppointmentDay = z.output<typeof appointmentDayEndpoint.data>;
export type AppointmentCounts = z.output<typeof appointmentCountsEndpoint.data>;

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
  const load = () => fetchData(appointmentDayEndpoint, { searchParams, signal });
  return call(async () => {
    // Each day's book last seen is kept for reading offline.
    const slot = `appointments:${query.date ?? 'today'}:${query.doctorId ?? 'all'}`;
    const { value, asOf } = await withLastSeen(slot, load);
    return { ...value, asOf };
  }, 'Failed to fetch appointments');
}

export function fetchDoctors(signal?: AbortSignal) {
  const load = async () => (await fetchData(appointmentDoctorsEndpoint, { signal })).doctors;
  return call(async () => (await withLastSeen('appointment-doctors', load)).value, 'Failed to fetch doctors');
}

export function fetchAppointmentCounts(signal?: AbortSignal) {
  return call(() => fetchData(appointmentCountsEndpoint, { signal }), "Failed to fetch today's appointments");
}

/**
 * Patients whose name or number matches, for the booking dialog's picker; offline, the ones this device
 * has seen or registered and not yet sent (issue 25).
 */
export function searchPatients(search: string, signal?: AbortSignal) {
  return call(async () => {
    try {
      return (await fetchPatientsPage({ search, limit: 8, page: 1 }, signal)).patients;
    } catch (e) {
      if (e instanceof ApiError && e.status === 0 && !signal?.aborted) return searchKnownPatients(search);
      throw e;
    }
  }, 'Failed to search patients');
}

export type SlotInput = { date: string; time: string; durationMinutes: number; doctorId: string | null };

/**
 * The answer of a command that works offline: the appointment, or null when it was kept on this device (the
 * queue sends `json` with the version it was based on).
 */
async function oneOrQueued(
  e: typeof bookAppointmentEndpoint | typeof checkInAppointmentEndpoint,
  kind: 'book-appointment' | 'check-in-appointment',
  params: Record<string, string>,
  json: Record<string, unknown>,
  label: string,
  basedOnVersion?: number,
): Promise<Appointment | null> {
  const route = pathOf(e, params).replace(/^\//, '');
  const body = basedOnVersion === undefined ? json : { ...json, version: basedOnVersion };
  const command = { kind, method: 'POST' as const, route, body: json, label, basedOnVersion };
  const outcome = await runOrQueue(command, () => callEndpoint(e, { params, json: body }));
  return outcome.queued ? null : outcome.value.data.appointment;
}

/** POST /api/appointments; offline it is kept on this device with an id chosen here (issue 25). */
export function bookAppointment(
  input: SlotInput & { patientId: string; reason: string; contactEmail: string | null },
  patientName = 'a patient',
) {
  const label = `Appointment for ${patientName}, ${input.date} ${input.time}`;
  return call(
    () => oneOrQueued(bookAppointmentEndpoint, 'book-appointment', {}, { ...input, id: newCommandId() }, label),
    'Failed to book the appointment',
  );
}
export function rescheduleAppointment(id: string, input: SlotInput & { version: number }) {
  return call(
    async () => (await fetchData(rescheduleAppointmentEndpoint, { params: { id }, json: input })).appointment,
    'Failed to reschedule the appointment',
  );
}
export function cancelAppointment(id: string, reason: string, version: number) {
  return call(
    async () => (await fetchData(cancelAppointmentEndpoint, { params: { id }, json: { reason, version } })).appointment,
    'Failed to cancel the appointment',
  );
}
export function checkInAppointment(id: string, version: number, patientName = 'a patient') {
  return call(
    () =>
      oneOrQueued(checkInAppointmentEndpoint, 'check-in-appointment', { id }, {}, `Check in ${patientName}`, version),
    'Failed to check the patient in',
  );
}

/** The live messages after which a day of the book may have changed. */
export const APPOINTMENT_EVENTS = ['appointment_booked', 'appointment_checked_in', 'appointment_cancelled'];
