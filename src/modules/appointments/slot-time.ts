/**
 * Appointment times as the hospital reads them: a calendar date and a wall-clock time in the
 * hospital's time zone (the shared hospital calendar). The instant is computed once, at booking, and
 * travels in the event, so the book does not move if the zone's rules are later changed.
 */
import { SLOT_MINUTES } from '../../shared/api/appointments';

// The slot sizes are the booking contract's (src/shared/api/appointments.ts).
export { DEFAULT_DURATION, MAX_DURATION, SLOT_MINUTES } from '../../shared/api/appointments';

export { addDays, instantOf, wallClock } from '../../shared/hospital-calendar';

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The instants (ISO) of the 15-minute cells an appointment covers: each is reserved for its doctor. */
export function cellStarts(startsAt: string, durationMinutes: number): string[] {
  const start = Date.parse(startsAt);
  const cells: string[] = [];
  for (let m = 0; m < durationMinutes; m += SLOT_MINUTES) cells.push(new Date(start + m * 60_000).toISOString());
  return cells;
}
