import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand, type Decider, type HandleOptions } from './command-handler';
import { metadataFor } from './metadata';
import { WrongExpectedRevision, type EventStore } from './port';
import { transact } from './unit-of-work';
import { createPostgresTestStore, type PostgresTestStore } from './postgres-test-store';

// A tiny decider: a counter that may not pass a limit.
type Incremented = { type: 'Incremented'; data: { by: number; total: number } };
type Reset = { type: 'Reset'; data: Record<string, never> };
type CounterEvent = Incremented | Reset;
type CounterCommand = { type: 'Increment'; by: number } | { type: 'Reset' };

class CounterLimitReached extends Error {}
const LIMIT = 3;

const counter: Decider<CounterCommand, CounterEvent, { total: number }> = {
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'Incremented':
        return { total: event.data.total };
      case 'Reset':
        return { total: 0 };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Increment': {
        if (command.by === 0) return [];
        const total = state.total + command.by;
        if (total > LIMIT) throw new CounterLimitReached();
        return [{ type: 'Incremented', data: { by: command.by, total } }];
      }
      case 'Reset':
        return state.total === 0 ? [] : [{ type: 'Reset', data: {} }];
    }
  },
};

const metadata = metadataFor({ hospitalId: 'hospital-1' });
const inc = (by: number, total: number): Incremented => ({ type: 'Incremented', data: { by, total } });

/**
 * A real store whose first read of a stream is followed, before the handler can append, by a
 * real append from "another request": the interleaving that optimistic concurrency exists for.
 */
function withRivalWrite(store: EventStore, rival: CounterEvent): EventStore {
  let done = false;
  return Object.assign(Object.create(store) as EventStore, {
    readStream: async (stream: string) => {
      const events = await store.readStream(stream);
      if (!done) {
        done = true;
        await store.append(stream, [{ ...rival, metadata }], { expectedRevision: 'any' });
      }
      return events;
    },
  });
}

describe('handleCommand (given / when / then on Postgres)', () => {
  let pg: PostgresTestStore;
  beforeAll(async () => {
    pg = await createPostgresTestStore();
  });
  afterAll(async () => pg?.close());

  /** given(events), optionally a rival write after the handler's read, when(command), then(events) or thenThrows. */
  function scenario(given: CounterEvent[], rival?: CounterEvent) {
    const stream = `counter-${randomUUID()}`;
    const ready = given.length
      ? pg.store.append(
          stream,
          given.map((e) => ({ ...e, metadata })),
          { expectedRevision: 'no_stream' },
        )
      : Promise.resolve();
    const store = rival ? withRivalWrite(pg.store, rival) : pg.store;
    const before = rival ? [...given, rival] : given;
    const recorded = async () => (await pg.store.readStream(stream)).map((e) => ({ type: e.type, data: e.data }));
    return {
      when: (command: CounterCommand, options?: HandleOptions) => {
        const result = ready.then(() => handleCommand(store, counter, stream, command, metadata, options));
        return {
          then: async (expected: CounterEvent[]) => {
            expect((await result).events).toEqual(expected);
            expect(await recorded()).toEqual([...before, ...expected]);
            return result;
          },
          thenThrows: async (error: new (...args: never[]) => Error) => {
            await expect(result).rejects.toBeInstanceOf(error);
            // A refused command adds nothing to the stream.
            expect(await recorded()).toEqual(before);
          },
        };
      },
    };
  }

  it('appends the decided events to a new stream', async () => {
    const result = await scenario([])
      .when({ type: 'Increment', by: 2 })
      .then([inc(2, 2)]);
    expect(result).toMatchObject({ previousRevision: null, nextRevision: 0n, state: { total: 2 } });
  });

  it('folds the stream before deciding', async () => {
    const result = await scenario([inc(1, 1), inc(1, 2)])
      .when({ type: 'Increment', by: 1 })
      .then([inc(1, 3)]);
    expect(result).toMatchObject({ previousRevision: 1n, nextRevision: 2n, state: { total: 3 } });
  });

  it('throws the domain error and appends nothing when a rule is broken', async () => {
    await scenario([inc(3, 3)])
      .when({ type: 'Increment', by: 1 })
      .thenThrows(CounterLimitReached);
  });

  it('appends nothing when the decider decides nothing', async () => {
    const result = await scenario([inc(1, 1)])
      .when({ type: 'Increment', by: 0 })
      .then([]);
    expect(result.previousRevision).toBe(0n);
  });

  it('accepts a pinned expected revision that matches the stream', async () => {
    await scenario([inc(1, 1)])
      .when({ type: 'Reset' }, { expectedVersion: 1 })
      .then([{ type: 'Reset', data: {} }]);
  });

  it('refuses a pinned version the stream has moved past', async () => {
    await scenario([inc(1, 1), inc(1, 2)])
      .when({ type: 'Increment', by: 1 }, { expectedVersion: 1 })
      .thenThrows(WrongExpectedRevision);
  });

  it("answers the decider's refusal before a stale version's conflict", async () => {
    // Decide first, check the version after: the 4xx that explains the refusal wins over a 409.
    await scenario([inc(1, 1), inc(2, 3)])
      .when({ type: 'Increment', by: 1 }, { expectedVersion: 1 })
      .thenThrows(CounterLimitReached);
  });

  it('refuses, without retrying, when a rival writes between read and append under a pinned revision', async () => {
    await scenario([inc(1, 1)], inc(1, 2))
      .when({ type: 'Increment', by: 1 }, { expectedVersion: 1 })
      .thenThrows(WrongExpectedRevision);
  });

  it('refuses a rival write when retries are turned off', async () => {
    await scenario([inc(1, 1)], inc(1, 2))
      .when({ type: 'Increment', by: 1 }, { retries: 0 })
      .thenThrows(WrongExpectedRevision);
  });

  it('retries after a rival write when not pinned, deciding again on the new state', async () => {
    // The rival takes the total to 2 first: the retry must decide 2 + 1, not 1 + 1.
    const result = await scenario([inc(1, 1)], inc(1, 2))
      .when({ type: 'Increment', by: 1 })
      .then([inc(1, 3)]);
    expect(result).toMatchObject({ previousRevision: 1n, nextRevision: 2n, state: { total: 3 } });
  });

  it('re-checks the rules on retry: a rival that reaches the limit makes the command fail', async () => {
    await scenario([inc(1, 1)], inc(2, 3))
      .when({ type: 'Increment', by: 1 })
      .thenThrows(CounterLimitReached);
  });
});

describe('units of work across streams (Postgres)', () => {
  let pg: PostgresTestStore;
  beforeAll(async () => {
    pg = await createPostgresTestStore();
  });
  afterAll(async () => pg?.close());

  it('commits every stream of a unit of work, or none when one of them conflicts', async () => {
    const a = `counter-${randomUUID()}`;
    const b = `counter-${randomUUID()}`;
    const both = (store: EventStore) =>
      transact(
        store,
        metadata,
        async (uow) => {
          uow.decide(await uow.load(counter, a), { type: 'Increment', by: 1 });
          uow.decide(await uow.load(counter, b), { type: 'Increment', by: 1 });
        },
        { retries: 0 },
      );
    const done = await both(pg.store);
    expect(done.events.map((e) => [e.stream, e.type])).toEqual([
      [a, 'Incremented'],
      [b, 'Incremented'],
    ]);
    // A rival moves b after the unit of work read it: the write to a must not happen either.
    const rivalOnB: EventStore = Object.assign(Object.create(pg.store) as EventStore, {
      readStream: async (stream: string) => {
        const events = await pg.store.readStream(stream);
        if (stream === b) await pg.store.append(b, [{ ...inc(1, 2), metadata }], { expectedRevision: 'any' });
        return events;
      },
    });
    await expect(both(rivalOnB)).rejects.toBeInstanceOf(WrongExpectedRevision);
    expect((await pg.store.readStream(a)).length).toBe(1);
    expect((await pg.store.readStream(b)).length).toBe(2);
  });
});
