import { describe, expect, it } from 'vitest';
import { activityTime, calendarDate, longDate, notificationTime, shortDate, shortDateTime, truncate } from './dates';

const LAGOS = 'Africa/Lagos';
const NEW_YORK = 'America/New_York';
const now = new Date('2026-11-22T11:00:00Z'); // 12:00 in Lagos
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe('dates', () => {
  it("writes the long date with the weekday, in the hospital's zone", () => {
    expect(longDate(now, LAGOS)).toBe('Sunday, 22 Nov 2026');
    // 02:00 UTC on the 23rd is still Sunday evening in New York.
    expect(longDate(new Date('2026-11-23T02:00:00Z'), NEW_YORK)).toBe('Sunday, 22 Nov 2026');
    expect(longDate(new Date('2026-11-23T02:00:00Z'), LAGOS)).toBe('Monday, 23 Nov 2026');
  });

  it('writes a short date for tables and a dash for missing or unreadable values', () => {
    expect(shortDate(now, LAGOS)).toBe('22 Nov 2026');
    expect(shortDate('2026-11-22T23:30:00Z', LAGOS)).toBe('23 Nov 2026');
    expect(shortDate('2026-11-22T23:30:00Z', NEW_YORK)).toBe('22 Nov 2026');
    expect(shortDate(null, LAGOS)).toBe('—');
    expect(shortDate('not a date', LAGOS)).toBe('—');
  });

  it('writes a calendar date as it is, whatever the zone', () => {
    expect(calendarDate('2099-01-05')).toBe('5 Jan 2099');
    expect(calendarDate(null)).toBe('—');
  });

  it('writes a short date with the 24-hour time of day, and a dash for missing values', () => {
    expect(shortDateTime('2026-11-22T08:05:00Z', LAGOS)).toBe('22 Nov 2026, 09:05');
    expect(shortDateTime('2026-11-22T20:05:00Z', NEW_YORK)).toBe('22 Nov 2026, 15:05');
    expect(shortDateTime(null, LAGOS)).toBe('—');
  });

  it('says how long ago a notification arrived', () => {
    expect(notificationTime(ago(20_000), now, LAGOS)).toBe('Just now');
    expect(notificationTime(ago(5 * MIN), now, LAGOS)).toBe('5m ago');
    expect(notificationTime(ago(3 * 60 * MIN), now, LAGOS)).toBe('3h ago');
    expect(notificationTime(ago(2 * 24 * 60 * MIN), now, LAGOS)).toBe('20 Nov 2026');
  });

  it('says how long ago an activity happened, in words, for up to seven days', () => {
    expect(activityTime(ago(MIN), now, LAGOS)).toBe('1 minute ago');
    expect(activityTime(ago(2 * 60 * MIN), now, LAGOS)).toBe('2 hours ago');
    expect(activityTime(ago(7 * 24 * 60 * MIN), now, LAGOS)).toBe('7 days ago');
    expect(activityTime(ago(8 * 24 * 60 * MIN), now, LAGOS)).toBe('14 Nov 2026');
  });

  it('truncates long messages at 60 characters with an ellipsis', () => {
    expect(truncate('a'.repeat(60))).toBe('a'.repeat(60));
    expect(truncate('a'.repeat(61))).toBe(`${'a'.repeat(60)}...`);
    // By code points: 59 letters and an emoji are 60 characters, kept whole; the 61st is cut, not halved.
    expect(truncate(`${'a'.repeat(59)}🩺`)).toBe(`${'a'.repeat(59)}🩺`);
    expect(truncate(`${'a'.repeat(59)}🩺🩺`)).toBe(`${'a'.repeat(59)}🩺...`);
  });
});
