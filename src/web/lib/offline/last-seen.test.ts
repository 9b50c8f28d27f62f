import { describe, expect, it } from 'vitest';
import { ageText } from './last-seen';

describe('ageText', () => {
  const at = new Date(2026, 10, 25, 10, 42);
  const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);

  it('says when the list was fetched and how long ago, as the receptionist reads it', () => {
    expect(ageText(at.toISOString(), later(25))).toBe('as of 10:42, 25 min ago');
    expect(ageText(at.toISOString(), later(0))).toBe('as of 10:42, just now');
  });

  it('counts hours, then days, for a device offline a long time', () => {
    expect(ageText(at.toISOString(), later(135))).toBe('as of 10:42, 2 h 15 min ago');
    expect(ageText(at.toISOString(), later(3 * 24 * 60))).toBe('as of 10:42, 3 days ago');
  });
});
