import { sql, type Selectable } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import type { AppointmentStatus } from '../appointment';
import type { AppointmentEvent, Slot } from '../events';

declare module '../../../platform/db/database' {
  interface Database {
    appointments: {
      appointment_id: string;
      hospital_id: string;
      patient_id: string;
      patient_name: string;
      doctor_id: string | null;
      doctor_name: string | null;
      /** The hospital's calendar date and wall-clock time (HH:MM). */
      date: string;
      time: string;
      /** The hospital's zone at booking: the sweeps reckon "today" in it. */
      time_zone: string;
      starts_at: Date | string;
      duration_minutes: number;
      reason: string;
      contact_email: string | null;
      contact_phone: string | null;
      status: string;
      cancel_reason: string | null;
      checked_in_at: Date | string | null;
      consultation_id: string | null;
      reminded_at: Date | string | null;
      booked_by: string;
      booked_at: Date | string;
      version: number;
      updated_at: Date | string;
    };
  }
}

export const APPOINTMENTS = 'appointments-book';
type Row = Selectable<Database['appointments']>;

const slotColumns = (s: Slot) => ({
  date: s.date,
  time: s.time,
  starts_at: s.startsAt,
  duration_minutes: s.durationMinutes,
  doctor_id: s.doctor?.id ?? null,
  doctor_name: s.doctor?.name ?? null,
});

/** Applies `set` to the appointment's row unless this event (by its version) is already in it. */
async function patch(trx: Trx, event: RecordedEvent, set: Partial<Row>) {
  const version = Number(event.revision) + 1;
  await trx
    .updateTable('appointments')
    .set({ ...set, version, updated_at: event.metadata.occurredAt })
    .where('appointment_id', '=', (event.data as { appointmentId: string }).appointmentId)
    .where('version', '<', version)
    .execute();
}

type On<T extends AppointmentEvent['type']> = RecordedEvent<Extract<AppointmentEvent, { type: T }>>;
const at = (e: RecordedEvent) => e.metadata.occurredAt;

/** Inline: the desk's day view shows a booking, a check-in or a cancellation as soon as it is made. */
export const appointmentsProjection = defineProjection<AppointmentEvent>({
  name: APPOINTMENTS,
  inline: true,
  handlers: {
    AppointmentBooked: async (trx, e: On<'AppointmentBooked'>) => {
      const d = e.data;
      await trx
        .insertInto('appointments')
        .values({
          appointment_id: d.appointmentId,
          hospital_id: d.hospitalId,
          patient_id: d.patientId,
          patient_name: d.patientName,
          ...slotColumns(d),
          time_zone: d.timeZone,
          reason: d.reason,
          contact_email: d.contactEmail,
          contact_phone: d.contactPhone,
          status: 'booked',
          cancel_reason: null,
          checked_in_at: null,
          consultation_id: null,
          reminded_at: null,
          booked_by: e.metadata.actor.name,
          booked_at: at(e),
          version: Number(e.revision) + 1,
          updated_at: at(e),
        })
        .onConflict((oc) => oc.column('appointment_id').doNothing())
        .execute();
    },
    AppointmentRescheduled: (trx, e: On<'AppointmentRescheduled'>) =>
      patch(trx, e, { ...slotColumns(e.data), reminded_at: null }),
    AppointmentCancelled: (trx, e: On<'AppointmentCancelled'>) =>
      patch(trx, e, { status: 'cancelled', cancel_reason: e.data.reason }),
    AppointmentCheckedIn: (trx, e) => patch(trx, e, { status: 'checked in', checked_in_at: at(e) }),
    AppointmentMarkedNoShow: (trx, e) => patch(trx, e, { status: 'no-show' }),
    AppointmentReminderSent: (trx, e) => patch(trx, e, { reminded_at: at(e) }),
    AppointmentAttended: (trx, e: On<'AppointmentAttended'>) =>
      patch(trx, e, { status: 'attended', consultation_id: e.data.consultationId }),
  },
  reset: (trx) => emptyTables(trx, ['appointments']),
});

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toAppointmentView(r: Row) {
  return {
    id: r.appointment_id,
    patientId: r.patient_id,
    patientName: r.patient_name,
    doctor: r.doctor_id ? { id: r.doctor_id, name: r.doctor_name ?? '' } : null,
    date: r.date,
    time: r.time,
    startsAt: iso(r.starts_at)!,
    durationMinutes: r.duration_minutes,
    reason: r.reason,
    contactEmail: r.contact_email,
    status: r.status as AppointmentStatus,
    cancelReason: r.cancel_reason,
    checkedInAt: iso(r.checked_in_at),
    consultationId: r.consultation_id,
    remindedAt: iso(r.reminded_at),
    bookedBy: r.booked_by,
    bookedAt: iso(r.booked_at)!,
    version: r.version,
  };
}
export type AppointmentView = ReturnType<typeof toAppointmentView>;

/** A day of the hospital's book, by time then doctor; `doctorId` narrows it to one doctor's column. */
export async function appointmentsOn(db: Db, hospitalId: string, date: string, doctorId?: string) {
  let q = db.selectFrom('appointments').selectAll().where('hospital_id', '=', hospitalId).where('date', '=', date);
  if (doctorId) q = q.where('doctor_id', '=', doctorId);
  const rows = await q.orderBy('starts_at').orderBy('doctor_name').orderBy('appointment_id').execute();
  return rows.map(toAppointmentView);
}

export async function findAppointment(db: Db, hospitalId: string, appointmentId: string) {
  const row = await db
    .selectFrom('appointments')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('appointment_id', '=', appointmentId)
    .executeTakeFirst();
  return row ? toAppointmentView(row) : null;
}

/** The admin's dashboard: the day's appointments by status. */
export async function appointmentCounts(db: Db, hospitalId: string, date: string) {
  const rows = await db
    .selectFrom('appointments')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('hospital_id', '=', hospitalId)
    .where('date', '=', date)
    .groupBy('status')
    .execute();
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const n = (s: AppointmentStatus) => by[s] ?? 0;
  return {
    date,
    total: rows.reduce((sum, r) => sum + Number(r.n), 0),
    booked: n('booked'),
    checkedIn: n('checked in') + n('attended'),
    cancelled: n('cancelled'),
    noShows: n('no-show'),
  };
}

/** The calendar date at `now` in each row's own time zone, `days` later. */
const localDate = (now: Date, days: number) =>
  sql<string>`to_char((${now.toISOString()}::timestamptz at time zone time_zone)::date + ${days}::int, 'YYYY-MM-DD')`;

/** Booked appointments (any hospital) whose day is over where they are, for the end-of-day sweep. */
export async function bookedBefore(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('appointments')
    .select(['appointment_id', 'hospital_id', 'date', 'time_zone'])
    .where('status', '=', 'booked')
    .where('date', '<', localDate(now, 0))
    .orderBy('date')
    .limit(limit)
    .execute();
}

/** Booked appointments of the next day where they are, not reminded yet, with what the reminder needs. */
export async function dueReminders(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('status', '=', 'booked')
    .where('date', '=', localDate(now, 1))
    .where('reminded_at', 'is', null)
    .orderBy('starts_at')
    .limit(limit)
    .execute();
}

/** The patient's checked-in appointment of `date`, if any: the consultation that follows links to it. */
export async function checkedInOf(db: Db, hospitalId: string, patientId: string, date: string) {
  return db
    .selectFrom('appointments')
    .select(['appointment_id'])
    .where('hospital_id', '=', hospitalId)
    .where('patient_id', '=', patientId)
    .where('date', '=', date)
    .where('status', '=', 'checked in')
    .orderBy('checked_in_at', 'desc')
    .executeTakeFirst();
}
