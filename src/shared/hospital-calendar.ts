/**
 * The hospital's calendar: "today", a record's day and a wall-clock time are reckoned in the
 * hospital's time zone (its Settings), never in the server's or the browser's. Pure, so the server
 * and the browser reckon the same day. A hospital that never chose a zone is in Nigeria
 * (product-spec-1 §1): DEFAULT_TIME_ZONE is the one place that says so.
 */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

const formats = new Map<string, Intl.DateTimeFormat>();
function wallFormat(timeZone: string): Intl.DateTimeFormat {
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
export function wallClock(at: Date | string, timeZone: string): { date: string; time: string } {
  const instant = new Date(at);
  const ms = instant.getTime();
  // Every zone's offset has been a whole number of minutes since 1972 (Liberia's -0:44:30 was the
  // last): one UTC minute is one wall-clock minute, and its reading serves every call within it
  // (each list read asks for "today"; formatToParts is most of a cheap request's own work).
  const minute = ms >= WHOLE_MINUTES_SINCE ? Math.floor(ms / 60_000) : null;
  const seen = minute === null ? undefined : lastMinute.get(timeZone);
  if (seen && seen.minute === minute) return { date: seen.date, time: seen.time };
  const parts: Record<string, string> = {};
  for (const p of wallFormat(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const reading = { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  if (minute !== null) lastMinute.set(timeZone, { minute, ...reading });
  return reading;
}

const WHOLE_MINUTES_SINCE = Date.UTC(1980, 0, 1);
/** Each zone's last reading and its UTC minute (as many entries as `formats`). */
const lastMinute = new Map<string, { minute: number; date: string; time: string }>();

/** The hospital's calendar date (YYYY-MM-DD) at the instant `at`, in its `timeZone`. */
export function hospitalDate(at: Date | string, timeZone: string): string {
  return wallClock(at, timeZone).date;
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

/** The calendar date `days` after `date` (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The earliest and the latest calendar date anywhere on Earth at `at` (UTC-12 to UTC+14): a check
 * made before the hospital is known (a request's shape) allows every hospital's "today".
 */
export function datesOnEarth(at: Date): { earliest: string; latest: string } {
  return { earliest: hospitalDate(at, 'Etc/GMT+12'), latest: hospitalDate(at, 'Etc/GMT-14') };
}

/** Whole years from `dateOfBirth` to `today` (both YYYY-MM-DD); a birthday counts on its day. */
export function ageOn(dateOfBirth: string, today: string): number {
  // Month and day compare as the text MM-DD; only the years need numbers (a list computes many).
  const hadBirthday = today.slice(5) >= dateOfBirth.slice(5);
  return Math.max(0, Number(today.slice(0, 4)) - Number(dateOfBirth.slice(0, 4)) - (hadBirthday ? 0 : 1));
}

/** A real calendar date in YYYY-MM-DD form (rejects 2023-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
