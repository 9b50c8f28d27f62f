import { describe, expect, it } from 'vitest';
import { coalescedReads } from './coalesced-reads';

/** Reads that finish only when told, numbered in the order they started. */
function reads() {
  const started: { n: number; finish: (ok: boolean) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const n = started.length + 1;
      started.push({ n, finish: (ok) => (ok ? resolve(n) : reject(new Error(`read ${n} failed`))) });
    });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  return { started, read, tick };
}

describe('coalesced reads', () => {
  it('starts a read at once when none of its key is running', async () => {
    const { started, read } = reads();
    const coalesce = coalescedReads<number>();
    const answer = coalesce('k', read);
    expect(started).toHaveLength(1);
    started[0]!.finish(true);
    expect(await answer).toBe(1);
  });

  it('answers callers who arrive during a read from one read started after it, never from the earlier one', async () => {
    const { started, read, tick } = reads();
    const coalesce = coalescedReads<number>();
    const first = coalesce('k', read);
    const later = [coalesce('k', read), coalesce('k', read), coalesce('k', read)];
    expect(started).toHaveLength(1);
    started[0]!.finish(true);
    expect(await first).toBe(1);
    await tick();
    expect(started).toHaveLength(2);
    started[1]!.finish(true);
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
  });

  it('keeps reads of different keys apart', async () => {
    const { started, read } = reads();
    const coalesce = coalescedReads<number>();
    const a = coalesce('hospital-a', read);
    const b = coalesce('hospital-b', read);
    expect(started).toHaveLength(2);
    started.forEach((s) => s.finish(true));
    expect([await a, await b]).toEqual([1, 2]);
  });

  it('gives a failure to the callers of that read only, and reads again for the next ones', async () => {
    const { started, read, tick } = reads();
    const coalesce = coalescedReads<number>();
    const failing = coalesce('k', read);
    const waiting = coalesce('k', read);
    started[0]!.finish(false);
    await expect(failing).rejects.toThrow('read 1 failed');
    await tick();
    started[1]!.finish(true);
    expect(await waiting).toBe(2);
    const after = coalesce('k', read);
    expect(started).toHaveLength(3);
    started[2]!.finish(true);
    expect(await after).toBe(3);
  });

  it('lets a caller arriving during the shared read wait for the read after it', async () => {
    const { started, read, tick } = reads();
    const coalesce = coalescedReads<number>();
    void coalesce('k', read);
    const second = coalesce('k', read);
    started[0]!.finish(true);
    await tick();
    const third = coalesce('k', read);
    started[1]!.finish(true);
    expect(await second).toBe(2);
    await tick();
    started[2]!.finish(true);
    expect(await third).toBe(3);
  });
});
