import { formatCalendarDate, formatDate, formatDateTime } from '../../shared/hospital-time-format';

/**
 * Every date and time the app shows is in the hospital's time zone (useHospitalTimeZone), in one
 * format, Nigerian day-month-year (issue 34 §6): '27 Nov 2026', '27 Nov 2026, 10:15'.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** 'Friday, 27 Nov 2026' — the header subtitle and dashboard greetings. */
export function longDate(date: Date, timeZone: string): string {
  const day = formatDate(date, timeZone);
  if (!day) return '—';
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(date);
  return `${WEEKDAYS.find((w) => w.startsWith(weekday)) ?? weekday}, ${day}`;
}

/** '27 Nov 2026' — dates inside tables; an unreadable value is shown as an em dash. */
export function shortDate(value: string | Date | null | undefined, timeZone: string): string {
  return (value && formatDate(value, timeZone)) || '—';
}

/** Notification times (product-spec-1 §2): 'Just now', 'Nm ago', 'Nh ago', then the date. */
export function notificationTime(timestamp: string | Date, now: Date, timeZone: string): string {
  const at = timestamp instanceof Date ? timestamp : new Date(timestamp);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (Number.isNaN(minutes)) return '—';
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return shortDate(at, timeZone);
}

/** Activity times (product-spec-1 §9): 'N minutes/hours/days ago' up to 7 days, then the date. */
export function activityTime(timestamp: string | Date, now: Date, timeZone: string): string {
  const at = timestamp instanceof Date ? timestamp : new Date(timestamp);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (Number.isNaN(minutes)) return '—';
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days <= 7) return plural(days, 'day');
  return shortDate(at, timeZone);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/**
 * Cuts text to `max` characters with an ellipsis (notification messages are cut at 60), counted in
 * code points: a character outside the BMP (an emoji, some scripts) is never split in two.
 */
export function truncate(text: string, max = 60): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** '27 Nov 2026, 10:15' — when something happened, inside tables (lab orders and results). */
export function shortDateTime(value: string | Date | null | undefined, timeZone: string): string {
  return (value && formatDateTime(value, timeZone)) || '—';
}

/** '27 Nov 2026' — a calendar date (YYYY-MM-DD: a birth date, an expiry, a report day), the same in every zone. */
export function calendarDate(date: string | null | undefined): string {
  return (date && formatCalendarDate(date)) || '—';
}
