import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port';
import { defineProjection, type Trx } from './projection';

type Ev = { type: 'A'; data: { n: number } } | { type: 'B'; data: { n: number } };

describe('defineProjection: each rule written once', () => {
  it('gives a batched type a handler of its own: the batch handler given a run of one', async () => {
    const runs: number[][] = [];
    const p = defineProjection<Ev>({
      name: 'p',
      handlers: { B: async () => {} },
      batchHandlers: { A: async (_trx, events) => void runs.push(events.map((e) => e.data.n)) },
      reset: async () => {},
    });
    await p.handlers.A!({} as Trx, { type: 'A', data: { n: 7 } } as unknown as RecordedEvent);
    expect(runs).toEqual([[7]]);
    expect(Object.keys(p.handlers).sort()).toEqual(['A', 'B']);
  });

  it('refuses a type given both a handler and a batch handler', () => {
    expect(() =>
      defineProjection<Ev>({
        name: 'twice',
        handlers: { A: async () => {} },
        batchHandlers: { A: async () => {} },
        reset: async () => {},
      }),
    ).toThrow('Projection twice: A has a handler and a batch handler; write its rule once');
  });
});
