import { describe, expect, it } from 'vitest';
import { generatePatientId } from './patient-id';

describe('generatePatientId', () => {
  it("is 'PAT', the clock's last 6 digits, then 3 random digits", () => {
    const now = new Date(1_767_225_600_123);
    expect(generatePatientId(now, () => 0.4567)).toBe('PAT600123456');
  });

  it('pads the random part to three digits', () => {
    expect(generatePatientId(new Date(1_000_000_000_042), () => 0.007)).toBe('PAT000042007');
    expect(generatePatientId(new Date(1_000_000_000_042), () => 0)).toMatch(/^PAT\d{9}$/);
  });

  it('differs from one millisecond to the next', () => {
    const a = generatePatientId(new Date(1_700_000_000_001), () => 0.5);
    const b = generatePatientId(new Date(1_700_000_000_002), () => 0.5);
    expect(a).not.toBe(b);
  });
});
