import { describe, expect, it } from 'vitest';
import { activityTime, longDate, notificationTime, shortDate, shortDateTime, truncate } from './dates';

const now = new Date(2026, 10, 22, 12, 0, 0);
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe('dates', () => {
  it('writes the long date with the weekday, month name, day and year', () => {
    expect(longDate(now)).toBe('Sunday, November 22, 2026');
  });

  it('writes a short date for tables and a dash for missing or unreadable values', () => {
    expect(shortDate(now)).toBe('Nov 22, 2026');
    expect(shortDate(null)).toBe('—');
    expect(shortDate('not a date')).toBe('—');
  });

  it('writes a short date with the time of day, and a dash for missing values', () => {
    expect(shortDateTime(new Date(2026, 10, 22, 9, 5))).toMatch(/^Nov 22, 2026, 9:05\s?AM$/);
    expect(shortDateTime(null)).toBe('—');
  });

  it('says how long ago a notification arrived', () => {
    expect(notificationTime(ago(20_000), now)).toBe('Just now');
    expect(notificationTime(ago(5 * MIN), now)).toBe('5m ago');
    expect(notificationTime(ago(3 * 60 * MIN), now)).toBe('3h ago');
    expect(notificationTime(ago(2 * 24 * 60 * MIN), now)).toBe('Nov 20, 2026');
  });

  it('says how long ago an activity happened, in words, for up to seven days', () => {
    expect(activityTime(ago(MIN), now)).toBe('1 minute ago');
    expect(activityTime(ago(2 * 60 * MIN), now)).toBe('2 hours ago');
    expect(activityTime(ago(7 * 24 * 60 * MIN), now)).toBe('7 days ago');
    expect(activityTime(ago(8 * 24 * 60 * MIN), now)).toBe('Nov 14, 2026');
  });

  it('truncates long messages at 60 characters with an ellipsis', () => {
    expect(truncate('a'.repeat(60))).toBe('a'.repeat(60));
    expect(truncate('a'.repeat(61))).toBe(`${'a'.repeat(60)}...`);
  });
});
