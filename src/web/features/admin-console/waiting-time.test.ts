import { describe, expect, it } from 'vitest';
import { waitingTime } from './waiting-time';

describe('waitingTime', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  it('counts whole minutes, then hours and minutes, then days and hours', () => {
    expect(waitingTime('2026-11-20T11:55:30Z', now)).toBe('4 min');
    expect(waitingTime('2026-11-20T10:55:00Z', now)).toBe('1 h 05 min');
    expect(waitingTime('2026-11-18T09:00:00Z', now)).toBe('2 d 3 h');
    expect(waitingTime('2026-11-20T12:05:00Z', now)).toBe('0 min');
  });
});
