import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatTime } from './hospital-time-format';

describe('hospital time format', () => {
  it('writes an instant as Nigerian day-month-year with a 24-hour time, in the hospital zone', () => {
    expect(formatDateTime('2026-11-27T09:15:00Z', 'Africa/Lagos')).toBe('27 Nov 2026, 10:15');
    expect(formatDateTime(new Date('2026-11-27T21:05:00Z'), 'Africa/Lagos')).toBe('27 Nov 2026, 22:05');
  });

  it("shows the hospital's day, not the browser's, near midnight", () => {
    const at = '2026-11-26T23:30:00Z';
    expect(formatDateTime(at, 'Africa/Lagos')).toBe('27 Nov 2026, 00:30');
    expect(formatDateTime(at, 'America/New_York')).toBe('26 Nov 2026, 18:30');
    expect(formatDate(at, 'Africa/Lagos')).toBe('27 Nov 2026');
    expect(formatDate(at, 'America/New_York')).toBe('26 Nov 2026');
    expect(formatTime(at, 'America/New_York')).toBe('18:30');
  });

  it('writes a calendar date as it is, whatever the zone', () => {
    expect(formatCalendarDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDate('2026-01-05', 'America/New_York')).toBe('5 Jan 2026');
  });

  it('writes nothing for no time or a time that is not one', () => {
    expect(formatDateTime(null, 'Africa/Lagos')).toBe('');
    expect(formatDateTime('not a time', 'Africa/Lagos')).toBe('');
    expect(formatDate(undefined, 'Africa/Lagos')).toBe('');
    expect(formatTime('', 'Africa/Lagos')).toBe('');
  });
});
