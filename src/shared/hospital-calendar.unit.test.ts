import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageOn,
  datesOnEarth,
  DEFAULT_TIME_ZONE,
  hospitalDate,
  instantOf,
  isCalendarDate,
  wallClock,
} from './hospital-calendar';

describe('hospital calendar', () => {
  it('reckons the date in the default zone, Lagos (UTC+1), not UTC', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Africa/Lagos');
    expect(hospitalDate(new Date('2024-03-10T23:30:00Z'), DEFAULT_TIME_ZONE)).toBe('2024-03-11');
    expect(hospitalDate(new Date('2024-03-10T22:59:59Z'), DEFAULT_TIME_ZONE)).toBe('2024-03-10');
  });

  it("reckons the same instant in another hospital's zone: its own day", () => {
    // 23:30 UTC on 26 Nov: already the 27th in Lagos, still the 26th in New York (UTC-5).
    const at = new Date('2026-11-26T23:30:00Z');
    expect(hospitalDate(at, 'Africa/Lagos')).toBe('2026-11-27');
    expect(hospitalDate(at, 'America/New_York')).toBe('2026-11-26');
    expect(hospitalDate(at.toISOString(), 'Europe/London')).toBe('2026-11-26');
  });

  it('reads the wall clock in a zone with summer time on both sides of the change', () => {
    expect(wallClock(new Date('2026-07-01T09:15:00Z'), 'Europe/London')).toEqual({ date: '2026-07-01', time: '10:15' });
    expect(wallClock(new Date('2026-12-01T09:15:00Z'), 'Europe/London')).toEqual({ date: '2026-12-01', time: '09:15' });
  });

  it('reads each minute afresh, in each zone, across midnight and a half-hour offset (the minute is reused)', () => {
    const reads: [string, string, string, string][] = [
      ['2026-11-27T22:59:00.000Z', 'Africa/Lagos', '2026-11-27', '23:59'],
      ['2026-11-27T22:59:59.999Z', 'Africa/Lagos', '2026-11-27', '23:59'],
      ['2026-11-27T18:29:30.000Z', 'Asia/Kolkata', '2026-11-27', '23:59'],
      ['2026-11-27T23:00:00.000Z', 'Africa/Lagos', '2026-11-28', '00:00'],
      ['2026-11-27T18:30:00.000Z', 'Asia/Kolkata', '2026-11-28', '00:00'],
      ['2026-11-27T22:59:30.000Z', 'Africa/Lagos', '2026-11-27', '23:59'],
      ['1960-06-01T12:00:00.000Z', 'Africa/Monrovia', '1960-06-01', '11:15'],
    ];
    for (const [at, zone, date, time] of reads) {
      const reading = wallClock(at, zone);
      expect(reading, `${at} in ${zone}`).toEqual({ date, time });
      // A caller's change to its reading is its own.
      reading.date = 'changed';
    }
  });

  it("turns a wall-clock time back into its instant in the hospital's zone", () => {
    expect(instantOf('2026-11-27', '10:15', 'Africa/Lagos').toISOString()).toBe('2026-11-27T09:15:00.000Z');
    expect(instantOf('2026-07-01', '00:00', 'America/New_York').toISOString()).toBe('2026-07-01T04:00:00.000Z');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('gives the earliest and latest date on Earth at an instant', () => {
    expect(datesOnEarth(new Date('2026-11-27T11:00:00Z'))).toEqual({ earliest: '2026-11-26', latest: '2026-11-28' });
    expect(datesOnEarth(new Date('2026-11-27T12:30:00Z'))).toEqual({ earliest: '2026-11-27', latest: '2026-11-28' });
  });

  it('counts a birthday on its day', () => {
    expect(ageOn('1990-05-01', '2024-04-30')).toBe(33);
    expect(ageOn('1990-05-01', '2024-05-01')).toBe(34);
    expect(ageOn('2024-05-01', '2024-05-01')).toBe(0);
  });

  it('accepts only real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('01/02/2024')).toBe(false);
  });
});
