import { describe, expect, it } from 'vitest';
import { normalisePhone, phoneSearchDigits } from './phone';

describe('phone normalisation', () => {
  it('reduces every writing of a Nigerian number to its national significant number', () => {
    for (const written of [
      '+234 803 123 4567',
      '+2348031234567',
      '2348031234567',
      '08031234567',
      '0803-123-4567',
      '(0803) 123 4567',
      '803-123-4567',
      '8031234567',
      '+234 (0) 803 123 4567',
      '00234 803 123 4567',
    ]) {
      expect(normalisePhone(written), written).toBe('8031234567');
    }
  });

  it('keeps the digits of other numbers, and a short 234… that is not a country code', () => {
    expect(normalisePhone('+44 20 7946 0958')).toBe('442079460958');
    expect(normalisePhone('2345678901')).toBe('2345678901');
    expect(normalisePhone('----------')).toBe('');
  });
});

describe('phone search terms', () => {
  it('finds the same digits however the whole number is written', () => {
    expect(phoneSearchDigits('+234 803 123 4567')).toBe('8031234567');
    expect(phoneSearchDigits('08031234567')).toBe('8031234567');
    expect(phoneSearchDigits('803-123-4567')).toBe('8031234567');
  });

  it('keeps a fragment as typed, dropping only a leading trunk 0 or a written country code', () => {
    expect(phoneSearchDigits('0803')).toBe('803');
    expect(phoneSearchDigits('2345')).toBe('2345');
    expect(phoneSearchDigits('+234 803')).toBe('803');
    expect(phoneSearchDigits(' 123-45 ')).toBe('12345');
  });

  it('is not a phone search for names, identification numbers or fewer than three digits', () => {
    expect(phoneSearchDigits('Ada')).toBeNull();
    expect(phoneSearchDigits('PAT123456')).toBeNull();
    expect(phoneSearchDigits('08')).toBeNull();
    expect(phoneSearchDigits('%_')).toBeNull();
  });
});
