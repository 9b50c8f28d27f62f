import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { primaryFlags } from './trail-rows';

/** An event of transaction `tx` at `position`, of `type`, appended by the request `correlationId`. */
const event = (tx: number, position: number, type: string, correlationId: string): RecordedEvent => ({
  id: `e${position}`,
  type,
  data: {},
  streamId: `s${position}`,
  revision: 0n,
  globalPosition: [BigInt(tx), BigInt(position)],
  metadata: {
    hospitalId: 'h',
    actor: { userId: 'u', role: 'nurse', name: 'N' },
    correlationId,
    causationId: correlationId,
    occurredAt: '2026-11-28T00:00:00.000Z',
  },
  recordedAt: '2026-11-28T00:00:00.000Z',
});

describe("the trail's entry of each commit", () => {
  it('gives each request of a group commit its own entry: every list read of a burst is shown', () => {
    const reads = ['r1', 'r2', 'r3'].map((r, i) => event(7, i + 1, 'RecordAccessed', r));
    expect(primaryFlags(reads, null).flags).toEqual([true, true, true]);
  });

  it("still gives one command's commit one entry: its main event, not what rides with it", () => {
    const page = [
      event(7, 1, 'IdempotencyKeyReserved', 'reg'),
      event(7, 2, 'PatientRegistered', 'reg'),
      event(7, 3, 'RecordAccessed', 'read'),
      event(8, 4, 'PatientRegistered', 'other'),
    ];
    expect(primaryFlags(page, null).flags).toEqual([false, true, true, true]);
  });

  it('continues a transaction a page ended inside: its commits with an entry get no second one, the others get theirs', () => {
    const first = [event(7, 1, 'RecordAccessed', 'r1'), event(7, 2, 'RecordAccessed', 'r2')];
    const { flags, lastCommits } = primaryFlags(first, null);
    expect(flags).toEqual([true, true]);
    const carried = { feed_tx: '7', has_primary: true, primary_commits: lastCommits };
    const next = [
      event(7, 3, 'PatientStatusChanged', 'r2'),
      event(7, 4, 'RecordAccessed', 'r3'),
      event(9, 5, 'RecordAccessed', 'r4'),
    ];
    const after = primaryFlags(next, carried);
    expect(after.flags).toEqual([false, true, true]);
    expect(after.lastCommits).toEqual(['r4']);
  });

  it('reads a cursor written before commits were kept as the whole transaction having its entry', () => {
    const next = [event(7, 3, 'RecordAccessed', 'r3'), event(8, 4, 'RecordAccessed', 'r4')];
    expect(primaryFlags(next, { feed_tx: '7', has_primary: true, primary_commits: null }).flags).toEqual([false, true]);
  });
});
