import { isCalendarDate, wallClock } from './hospital-calendar';

/**
 * One way to write a time on every screen (issue 34 §6): Nigerian day-month-year in the hospital's
 * time zone, "27 Nov 2026, 10:15" (24-hour clock), a date alone "27 Nov 2026". The month names are
 * fixed English abbreviations, so the text does not change with the browser's language.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date (YYYY-MM-DD) as "27 Nov 2026". */
export function formatCalendarDate(date: string): string {
  if (!isCalendarDate(date)) return date;
  return `${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}`;
}

const valid = (at: Date | string) => !Number.isNaN(new Date(at).getTime());

/** The instant's date in the hospital's zone: "27 Nov 2026" ('' for no instant). */
export function formatDate(at: Date | string | null | undefined, timeZone: string): string {
  if (at === null || at === undefined || at === '') return '';
  if (typeof at === 'string' && isCalendarDate(at)) return formatCalendarDate(at);
  return valid(at) ? formatCalendarDate(wallClock(at, timeZone).date) : '';
}

/** The instant's wall-clock time in the hospital's zone: "10:15". */
export function formatTime(at: Date | string | null | undefined, timeZone: string): string {
  if (at === null || at === undefined || at === '' || !valid(at)) return '';
  return wallClock(at, timeZone).time;
}

/** The instant in the hospital's zone: "27 Nov 2026, 10:15". */
export function formatDateTime(at: Date | string | null | undefined, timeZone: string): string {
  if (at === null || at === undefined || at === '' || !valid(at)) return '';
  const { date, time } = wallClock(at, timeZone);
  return `${formatCalendarDate(date)}, ${time}`;
}
