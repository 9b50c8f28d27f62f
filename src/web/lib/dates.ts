/** One locale for every date the app shows (the product-spec example reads 'Sunday, November 22, 2026'). */
export const DATE_LOCALE = 'en-US';

/** 'Sunday, November 22, 2026' — the header subtitle and dashboard greetings. */
export function longDate(date: Date): string {
  return new Intl.DateTimeFormat(DATE_LOCALE, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(date);
}

/** 'Nov 22, 2026' — dates inside tables; an unreadable value is shown as an em dash. */
export function shortDate(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(DATE_LOCALE, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}

/** Notification times (product-spec-1 §2): 'Just now', 'Nm ago', 'Nh ago', then the date. */
export function notificationTime(timestamp: string | Date, now: Date): string {
  const at = timestamp instanceof Date ? timestamp : new Date(timestamp);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (Number.isNaN(minutes)) return '—';
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return shortDate(at);
}

/** Activity times (product-spec-1 §9): 'N minutes/hours/days ago' up to 7 days, then the date. */
export function activityTime(timestamp: string | Date, now: Date): string {
  const at = timestamp instanceof Date ? timestamp : new Date(timestamp);
  const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
  if (Number.isNaN(minutes)) return '—';
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days <= 7) return plural(days, 'day');
  return shortDate(at);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** Cuts text to `max` characters with an ellipsis (notification messages are cut at 60). */
export function truncate(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** 'Nov 22, 2026, 9:05 AM' — when something happened, inside tables (lab orders and results). */
export function shortDateTime(value: string | Date | null | undefined): string {
  if (!value) return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(DATE_LOCALE, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
