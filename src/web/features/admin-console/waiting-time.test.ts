import { describe, expect, it } from 'vitest';
import { hospitalDay, waitingTime } from './waiting-time';

describe('waitingTime', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('counts whole minutes, then hours and minutes, then days and hours', () => {
    expect(waitingTime('2026-11-20T11:55:30Z', now)).toBe('4 min');
    expect(waitingTime('2026-11-20T10:55:00Z', now)).toBe('1 h 05 min');
    expect(waitingTime('2026-11-18T09:00:00Z', now)).toBe('2 d 3 h');
    expect(waitingTime('2026-11-20T12:05:00Z', now)).toBe('0 min');
  });
  it("reckons the hospital's day in Lagos time", () => {
    expect(hospitalDay('2026-11-19T23:30:00Z')).toBe('2026-11-20');
    expect(hospitalDay('2026-11-19T22:59:00Z')).toBe('2026-11-19');
  });
});
