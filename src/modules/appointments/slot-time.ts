/**
 * Appointment times as the hospital reads them: a calendar date and a wall-clock time in the
 * hospital's time zone (Africa/Lagos by default). The instant is computed once, at booking, and
 * travels in the event, so the book does not move if the zone's rules are later changed.
 */
export const SLOT_MINUTES = 15;
export const DEFAULT_DURATION = 15;
export const MAX_DURATION = 240;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The wall clock in `timeZone` at `at`: { date: YYYY-MM-DD, time: HH:MM }. */
export function wallClock(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The instant of `date` `time` on the wall clock of `timeZone`. */
export function instantOf(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  // The zone's offset at that moment; a second pass settles the rare hour a DST change moves it.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wallClock(new Date(guess), timeZone);
    const [sy, sm, sd] = seen.date.split('-').map(Number) as [number, number, number];
    const [sh, smin] = seen.time.split(':').map(Number) as [number, number];
    guess += asUtc - Date.UTC(sy, sm - 1, sd, sh, smin);
  }
  return new Date(guess);
}

export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The instants (ISO) of the 15-minute cells an appointment covers: each is reserved for its doctor. */
export function cellStarts(startsAt: string, durationMinutes: number): string[] {
  const start = Date.parse(startsAt);
  const cells: string[] = [];
  for (let m = 0; m < durationMinutes; m += SLOT_MINUTES) cells.push(new Date(start + m * 60_000).toISOString());
  return cells;
}
