import { describe, expect, it } from 'vitest';
import { formatNaira, koboToNairaText, nairaToKobo, receiptNumber, splitKobo } from './money';

describe('money in kobo', () => {
  it('reads naira as typed into whole kobo without float error', () => {
    expect(nairaToKobo('0.29')).toBe(29);
    expect(nairaToKobo(0.29)).toBe(29);
    expect(nairaToKobo('6,500.5')).toBe(650_050);
    expect(nairaToKobo(1500.1)).toBe(150_010);
    expect(nairaToKobo('5000')).toBe(500_000);
    expect(nairaToKobo('1.005')).toBeNull();
    expect(nairaToKobo('-1')).toBeNull();
    expect(nairaToKobo('abc')).toBeNull();
    expect(nairaToKobo('')).toBeNull();
    for (const notAmount of [[1], ['5'], true, { amount: 1 }, null, undefined])
      expect(nairaToKobo(notAmount)).toBeNull();
  });

  it('formats kobo as naira', () => {
    expect(formatNaira(650_050)).toBe('₦6,500.50');
    expect(koboToNairaText(650_005)).toBe('6500.05');
    expect(koboToNairaText(-5)).toBe('-0.05');
  });

  it('splits to the kobo with the remainder on the patient and the parts adding up', () => {
    expect(splitKobo(100_001, 70)).toEqual({ payerKobo: 70_000, patientKobo: 30_001 });
    expect(splitKobo(333, 12.5)).toEqual({ payerKobo: 41, patientKobo: 292 });
    expect(splitKobo(999, 100)).toEqual({ payerKobo: 999, patientKobo: 0 });
    expect(splitKobo(999, 0)).toEqual({ payerKobo: 0, patientKobo: 999 });
    for (const total of [1, 7, 99, 12_345, 650_050]) {
      const { payerKobo, patientKobo } = splitKobo(total, 33.33);
      expect(payerKobo + patientKobo).toBe(total);
    }
  });

  it('numbers receipts RCT-000001 onwards', () => {
    expect(receiptNumber(1)).toBe('RCT-000001');
    expect(receiptNumber(1234567)).toBe('RCT-1234567');
  });
});
