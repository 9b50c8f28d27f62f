import { describe, expect, it } from 'vitest';
import { GroupCommit, type BatchOutcome } from './group-commit';
import type { StreamWrite } from './port';

const write = (stream: string, tag = stream): StreamWrite[] => [
  {
    stream,
    expectedRevision: 'any',
    events: [
      {
        type: 'Tagged',
        data: { tag },
        metadata: {
          hospitalId: 'h',
          actor: { userId: 'u', role: 'system', name: 'S' },
          correlationId: 'c',
          causationId: 'c',
          occurredAt: '2026-01-01T00:00:00.000Z',
        },
      },
    ],
  },
];
const tagOf = (writes: StreamWrite[]) => (writes[0]!.events[0]!.data as { tag: string }).tag;

/** A commit that is held open until released, recording what each call carried. */
function harness(options: { refuse?: (tag: string) => boolean; failBatch?: boolean } = {}) {
  const calls: { kind: 'batch' | 'alone'; tags: string[] }[] = [];
  const open: (() => void)[] = [];
  const held = () => new Promise<void>((resolve) => open.push(resolve));
  const commits = new GroupCommit<string>({
    commitBatch: async (batch) => {
      calls.push({ kind: 'batch', tags: batch.map(tagOf) });
      await held();
      if (options.failBatch) throw new Error('batch failed');
      return batch.map((w): BatchOutcome<string> => {
        const tag = tagOf(w);
        return options.refuse?.(tag) ? { committed: false } : { committed: true, value: `batch:${tag}` };
      });
    },
    commitAlone: async (w) => {
      const tag = tagOf(w);
      calls.push({ kind: 'alone', tags: [tag] });
      await held();
      if (options.refuse?.(tag)) throw new Error(`conflict on ${tag}`);
      return `alone:${tag}`;
    },
    maxInFlight: 1,
  });
  /** Lets every commit that is waiting finish, until nothing is left waiting. */
  const releaseAll = async () => {
    for (let round = 0; round < 20; round++) {
      await new Promise((r) => setTimeout(r, 0));
      if (open.length === 0) return;
      open.splice(0).forEach((resolve) => resolve());
    }
  };
  return { commits, calls, releaseAll };
}

describe('group commit', () => {
  it('commits a lone append on its own, at once', async () => {
    const { commits, calls, releaseAll } = harness();
    const done = commits.append(write('a'));
    expect(calls).toEqual([{ kind: 'alone', tags: ['a'] }]);
    await releaseAll();
    await expect(done).resolves.toBe('alone:a');
  });

  it('gathers the appends that arrive during a commit into one batch, in arrival order', async () => {
    const { commits, calls, releaseAll } = harness();
    const first = commits.append(write('a'));
    const rest = ['b', 'c', 'd'].map((s) => commits.append(write(s)));
    expect(calls).toHaveLength(1);
    await releaseAll();
    expect(await first).toBe('alone:a');
    expect(await Promise.all(rest)).toEqual(['batch:b', 'batch:c', 'batch:d']);
    expect(calls).toEqual([
      { kind: 'alone', tags: ['a'] },
      { kind: 'batch', tags: ['b', 'c', 'd'] },
    ]);
  });

  it('never puts two appends to one stream in a batch, and keeps each stream in order', async () => {
    const { commits, calls, releaseAll } = harness();
    const all = [
      commits.append(write('x', 'x1')),
      commits.append(write('a', 'a1')),
      commits.append(write('x', 'x2')),
      commits.append(write('b', 'b1')),
      commits.append(write('x', 'x3')),
    ];
    await releaseAll();
    await Promise.all(all);
    // x1 is committing when the others arrive: x2 waits for it, and x3 for x2.
    expect(calls.map((c) => c.tags)).toEqual([['x1'], ['a1', 'x2', 'b1'], ['x3']]);
  });

  it('holds back an append that shares any stream with one before it in the queue', async () => {
    const { commits, calls, releaseAll } = harness();
    const multi = (streams: string[], tag: string): StreamWrite[] => streams.flatMap((s) => write(s, tag));
    const all = [
      commits.append(write('busy')),
      commits.append(multi(['p', 'q'], 'pq')),
      commits.append(multi(['q', 'r'], 'qr')),
      commits.append(multi(['r', 's'], 'rs')),
      commits.append(write('t')),
    ];
    await releaseAll();
    await Promise.all(all);
    // qr waits for pq (q); rs waits behind qr (r), although nothing in flight writes r.
    expect(calls.map((c) => c.tags)).toEqual([['busy'], ['pq', 't'], ['qr'], ['rs']]);
  });

  it('commits again on its own an append whose revisions failed in the batch, with its own answer', async () => {
    const { commits, calls, releaseAll } = harness({ refuse: (tag) => tag === 'c' });
    const first = commits.append(write('a'));
    const b = commits.append(write('b'));
    const c = commits.append(write('c')).catch((e: Error) => e.message);
    const d = commits.append(write('d'));
    await releaseAll();
    await first;
    await expect(b).resolves.toBe('batch:b');
    await expect(c).resolves.toBe('conflict on c');
    await expect(d).resolves.toBe('batch:d');
    expect(calls.at(-1)).toEqual({ kind: 'alone', tags: ['c'] });
  });

  it('commits every append on its own when a batch fails as a whole', async () => {
    const { commits, calls, releaseAll } = harness({ failBatch: true });
    const first = commits.append(write('a'));
    const rest = ['b', 'c'].map((s) => commits.append(write(s)));
    await releaseAll();
    await first;
    expect(await Promise.all(rest)).toEqual(['alone:b', 'alone:c']);
    expect(calls.map((c) => c.kind)).toEqual(['alone', 'batch', 'alone', 'alone']);
  });

  it('keeps the streams of a failed batch reserved until each of its appends has its answer', async () => {
    const { commits, calls, releaseAll } = harness({ failBatch: true });
    const all = [commits.append(write('a')), commits.append(write('b', 'b1')), commits.append(write('c'))];
    await new Promise((r) => setTimeout(r, 0));
    all.push(commits.append(write('b', 'b2')));
    await releaseAll();
    await Promise.all(all);
    const order = calls.flatMap((c) => c.tags);
    expect(order.lastIndexOf('b1')).toBeLessThan(order.indexOf('b2'));
  });
});
