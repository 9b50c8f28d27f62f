import { formatDateTime } from '../../../shared/hospital-time-format';
import { longDate } from '../../lib/dates';

/** Pure helpers of the audit screens: days of a timeline, values shown old → new, the As-of picker's value. */

export type Dated = { time: string };
export type Day<T> = { day: string; label: string; entries: T[] };

const dayKey = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Entries grouped by their calendar day in `timeZone`, in the order given (the timeline is oldest first). */
export function groupByDay<T extends Dated>(entries: readonly T[], timeZone: string): Day<T>[] {
  const key = dayKey(timeZone);
  const days: Day<T>[] = [];
  for (const entry of entries) {
    const at = new Date(entry.time);
    const day = key.format(at);
    const last = days[days.length - 1];
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, label: longDate(at, timeZone), entries: [entry] });
  }
  return days;
}

/** '10:15:03' in `timeZone`. */
export function clockTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(
    new Date(iso),
  );
}

/** '20 Nov 2026, 10:15' in `timeZone`: the trail's time column and the banner (one format everywhere). */
export function dateTime(iso: string, timeZone: string): string {
  return formatDateTime(iso, timeZone);
}

/** A value in a diff: empty ones as an em dash, objects as compact JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The value of a `datetime-local` input for an instant, in the browser's own zone
 * (`offsetMinutes` is `new Date().getTimezoneOffset()` there), to the second.
 */
export function toLocalInput(iso: string, offsetMinutes: number): string {
  const local = new Date(new Date(iso).getTime() - offsetMinutes * 60_000);
  return local.toISOString().slice(0, 19);
}

/** The instant a `datetime-local` value names in the browser's zone, or null when it names none. */
export function fromLocalInput(value: string, offsetMinutes: number): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const asUtc = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
  if (Number.isNaN(asUtc)) return null;
  return new Date(asUtc + offsetMinutes * 60_000).toISOString();
}

/** Where a subject link goes: a patient's history; other kinds have no page yet. */
export function subjectHref(subject: { type: string; id: string | null } | null): string | null {
  return subject?.type === 'patient' && subject.id ? `/admin/audit/patients/${encodeURIComponent(subject.id)}` : null;
}
