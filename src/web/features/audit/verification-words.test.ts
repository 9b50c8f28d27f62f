import { describe, expect, it } from 'vitest';
import type { Verification } from './api/trail-api';
import { brokenSealSentence, intactSentence, readsSentence, whenSaid } from './verification-words';

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

  it('says how many record reads are sealed and how many wait for their seal', () => {
    expect(readsSentence({ sealed: 1204, pending: 12 })).toBe(
      '1,204 record reads sealed and intact; 12 waiting for their seal (sealed within about ten seconds).',
    );
    expect(readsSentence({ sealed: 1, pending: 0 })).toBe('1 record read sealed and intact.');
    expect(readsSentence({ sealed: 0, pending: 1 })).toBe(
      '1 record read logged, 1 waiting for its seal (sealed within about ten seconds).',
    );
    expect(readsSentence({ sealed: 0, pending: 0 })).toBe('No record reads logged yet.');
  });

  it('names the seal the access log no longer matches, and what differs', () => {
    const broken = (found: number): Verification => ({
      ok: false,
      checked: 417,
      headHash: 'ab'.repeat(32),
      since: '2026-11-12T08:00:00Z',
      reads: { sealed: 1200, pending: 3 },
      broken: {
        seq: 390,
        eventId: 'e',
        eventType: 'ReadsSealed',
        time: '2026-11-27T08:41:00Z',
        action: 'Sealed 4 reads of the access log',
        reason: 'reads',
        seal: { count: 4, found },
      },
    });
    expect(brokenSealSentence(broken(3), now, LAGOS)).toBe(
      'The seal of record reads at entry #390 (made 09:41 today) no longer matches the access log: it covers 4 record reads, but the access log now holds 3 in its range: reads were deleted after they were sealed. All 417 entries of the trail are intact, as are the 1,200 record reads sealed before it.',
    );
    expect(brokenSealSentence(broken(5), now, LAGOS)).toContain(
      'now holds 5 in its range: reads were added after they were sealed.',
    );
    expect(brokenSealSentence(broken(4), now, LAGOS)).toContain(
      'it covers 4 record reads and the access log still holds 4, but one or more of them were changed after they were sealed.',
    );
  });
});
