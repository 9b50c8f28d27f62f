import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword, PASSWORD_ALPHABET, TEMPORARY_PASSWORD_LENGTH } from './temporary-password';

describe('temporary passwords', () => {
  const samples = Array.from({ length: 500 }, () => generateTemporaryPassword());

  it('are 14 characters with every character class present', () => {
    for (const p of samples) {
      expect(p).toHaveLength(TEMPORARY_PASSWORD_LENGTH);
      for (const cls of PASSWORD_ALPHABET) expect([...p].some((c) => cls.includes(c))).toBe(true);
    }
  });

  it('never contain look-alike or encoding-sensitive characters', () => {
    for (const p of samples) expect(p).not.toMatch(/[0Oo1lI="'\s]/);
  });

  it('differ from one another', () => {
    expect(new Set(samples).size).toBe(samples.length);
  });
});
