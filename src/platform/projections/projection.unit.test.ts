import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/port';
import { isEvent } from '../event-store/contracts';
import { defineProjection, defineReactor, type Trx } from './projection';

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

describe('defineReactor: a reactor typed by its events', () => {
  it('keeps its name, types and first start, and hands react the event it is given', async () => {
    const seen: string[] = [];
    const r = defineReactor<Ev>({
      name: 'r',
      handles: ['A', 'B'],
      firstStart: 'feed-head',
      react: async (e) => void seen.push(`${e.type}${e.data.n}`),
    });
    expect([r.name, r.handles, r.firstStart]).toEqual(['r', ['A', 'B'], 'feed-head']);
    await r.react({ type: 'B', data: { n: 2 } } as unknown as RecordedEvent);
    expect(seen).toEqual(['B2']);
  });

  it('isEvent picks out the events of one type', () => {
    const events = [{ type: 'A' }, { type: 'B' }] as unknown as RecordedEvent[];
    expect(events.filter((e) => isEvent<Ev>(e, 'B')).map((e) => e.type)).toEqual(['B']);
  });
});
