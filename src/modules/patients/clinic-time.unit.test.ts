import { describe, expect, it } from 'vitest';
import { ageOn, hospitalDate, isCalendarDate } from './clinic-time';

describe('hospital calendar', () => {
  it('reckons the date in Lagos (UTC+1), not UTC', () => {
    expect(hospitalDate(new Date('2024-03-10T23:30:00Z'))).toBe('2024-03-11');
    expect(hospitalDate(new Date('2024-03-10T22:59:59Z'))).toBe('2024-03-10');
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
