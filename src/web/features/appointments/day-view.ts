import { calendarDate } from '../../lib/dates';
import type { Appointment } from './api/appointments';

/** Pure helpers of the day view; each takes `now` where time matters. */
export const NO_DOCTOR = '';

/** One column per doctor (those with appointments and those on the list), then the unassigned ones. */
export function doctorColumns(appointments: readonly Appointment[], doctors: readonly { id: string; name: string }[]) {
  const columns = new Map<string, { id: string; name: string; appointments: Appointment[] }>();
  for (const d of doctors) columns.set(d.id, { ...d, appointments: [] });
  for (const a of appointments) {
    const id = a.doctor?.id ?? NO_DOCTOR;
    if (!columns.has(id)) columns.set(id, { id, name: a.doctor?.name ?? 'No doctor yet', appointments: [] });
    columns.get(id)!.appointments.push(a);
  }
  for (const c of columns.values()) c.appointments.sort((x, y) => x.startsAt.localeCompare(y.startsAt));
  return [...columns.values()].filter((c) => c.appointments.length > 0 || c.id !== NO_DOCTOR);
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The quarter hours a booking may start at, inside opening hours. */
export function quarterHours(opensAt: string, closesAt: string): string[] {
  const out: string[] = [];
  for (let m = Math.ceil(minutes(opensAt) / 15) * 15; m + 15 <= minutes(closesAt); m += 15) out.push(hhmm(m));
  return out;
}

/**
 * The hospital's calendar date, wall-clock time (to the second) and quarter hour under way at `now`
 * in `timeZone`. The seconds matter: a quarter hour that began 40 s ago has passed, as the server
 * refuses any start before its now.
 */
export function hospitalNow(now: Date, timeZone: string): { date: string; time: string; quarter: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const m = Number(parts.hour) * 60 + Number(parts.minute);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${hhmm(m)}:${parts.second}`,
    quarter: hhmm(m - (m % 15)),
  };
}

type Slot = { date: string; time: string };

/**
 * A start already passed on the hospital's clock (the server refuses it too). `now.time` may carry
 * seconds (hospitalNow): "10:00" has passed at "10:00:40", and not at "10:00".
 */
const toSecond = (time: string) => (time.length === 5 ? `${time}:00` : time);
export const isPastSlot = (slot: Slot, now: { date: string; time: string }) =>
  slot.date < now.date || (slot.date === now.date && toSecond(slot.time) < toSecond(now.time));

const HOLDS = new Set<Appointment['status']>(['booked', 'checked in', 'attended']);

/**
 * The first quarter hour of `date` that has not started yet and is free for `doctorId` (any time
 * when no doctor is chosen), inside opening hours; null when none is left that day.
 */
export function nextFreeSlot(input: {
  date: string;
  now: { date: string; time: string };
  hours: { opensAt: string; closesAt: string };
  appointments: readonly Appointment[];
  doctorId: string | null;
}): string | null {
  const { date, now, hours, appointments, doctorId } = input;
  const taken = new Set<number>();
  if (doctorId)
    for (const a of appointments)
      if (a.doctor?.id === doctorId && a.date === date && HOLDS.has(a.status))
        for (let m = 0; m < a.durationMinutes; m += 15) taken.add(minutes(a.time) + m);
  return (
    quarterHours(hours.opensAt, hours.closesAt).find(
      (t) => !isPastSlot({ date, time: t }, now) && !taken.has(minutes(t)),
    ) ?? null
  );
}

/** Only a booked appointment of the hospital's today can be checked in. */
export const canCheckIn = (a: Appointment, today: string) => a.status === 'booked' && a.date === today;
export const isOpen = (a: Appointment) => a.status === 'booked';

export const STATUS_LABELS: Record<Appointment['status'], string> = {
  booked: 'Booked',
  'checked in': 'Checked in',
  cancelled: 'Cancelled',
  'no-show': 'No-show',
  attended: 'Seen',
};

/**
 * The front desk's day (issue 34 §6): who is booked and not yet here, who has checked in and waits,
 * and who has been seen, each in time order. Cancelled and no-show appointments are left out.
 */
export function frontDeskQueue(appointments: readonly Appointment[]) {
  const byTime = [...appointments].sort((x, y) => x.startsAt.localeCompare(y.startsAt));
  return {
    booked: byTime.filter((a) => a.status === 'booked'),
    waiting: byTime.filter((a) => a.status === 'checked in'),
    seen: byTime.filter((a) => a.status === 'attended'),
  };
}

/** The toast after a booking, a move, a cancel or a check-in: 'Checked in: Ada Obi, 28 Nov 2026, 10:15'. */
export function doneMessage(message: string, a: Pick<Appointment, 'patientName' | 'date' | 'time'>): string {
  return `${message}: ${a.patientName}, ${calendarDate(a.date)}, ${a.time}`;
}
