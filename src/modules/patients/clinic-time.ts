/**
 * Calendar dates as the hospital sees them. Hospitals are in Nigeria (product-spec-1 §1), so
 * "today" and ages are reckoned in Africa/Lagos, not in the server's time zone or UTC: a patient
 * registered at 00:30 Lagos time belongs to that Lagos day.
 */
export const HOSPITAL_TIME_ZONE = 'Africa/Lagos';

const dateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: HOSPITAL_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

let lastMinute = { minute: NaN, date: '' };

/** The hospital's calendar date (YYYY-MM-DD) at the instant `at`. */
export function hospitalDate(at: Date): string {
  // Lagos is a whole number of hours from UTC, so one UTC minute is one Lagos date: format once a minute.
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastMinute.minute) lastMinute = { minute, date: dateFormat.format(at) };
  return lastMinute.date;
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
