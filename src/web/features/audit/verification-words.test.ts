import { describe, expect, it } from 'vitest';
import type { Verification } from './api/trail-api';
import { intactSentence, whenSaid } from './verification-words';

const LAGOS = 'Africa/Lagos';
const now = new Date('2026-11-27T10:00:00Z'); // 11:00 in Lagos
const base: Verification = { ok: true, checked: 417, headHash: 'ab'.repeat(32), since: '2026-11-12T08:00:00Z' };

describe('the verification in words', () => {
  it('says how many entries since which day are intact, and when the last checkpoint was signed', () => {
    const v = {
      ...base,
      anchored: { checkpoints: 3, last: { seq: 400, hash: 'cd'.repeat(32), at: '2026-11-27T08:41:00Z' } },
    };
    expect(intactSentence(v, now, LAGOS)).toBe(
      'All 417 entries since 12 Nov are intact; last signed checkpoint 09:41 today.',
    );
  });

  it('names yesterday, another day, another year, and no checkpoint', () => {
    expect(whenSaid('2026-11-26T20:00:00Z', now, LAGOS)).toBe('21:00 yesterday');
    expect(whenSaid('2026-11-20T20:00:00Z', now, LAGOS)).toBe('21:00 on 20 Nov');
    expect(intactSentence({ ...base, since: '2025-12-30T12:00:00Z' }, now, LAGOS)).toBe(
      'All 417 entries since 30 Dec 2025 are intact; no signed checkpoint yet.',
    );
    expect(intactSentence({ ...base, checked: 0, since: null }, now, LAGOS)).toBe(
      'The trail has no entries yet: there is nothing to verify.',
    );
  });
});
