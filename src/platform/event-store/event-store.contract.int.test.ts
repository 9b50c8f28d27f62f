import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EsdbEventStore } from './esdb-event-store';
import { findEsdb, type EsdbServer } from './esdb-test-server';
import { metadataFor } from './metadata';
import { comparePositions, WrongExpectedRevision, type EventStore, type NewEvent, type RecordedEvent } from './port';
import { createPostgresTestStore, type PostgresTestStore } from './postgres-test-store';

/**
 * One set of cases for every adapter behind the EventStore port. The cases never assume an
 * empty store (an EventStoreDB server may be shared): streams are unique per test and feed
 * reads start from the head seen before the test appended.
 */
function contract(getStore: () => EventStore) {
  const meta = metadataFor({
    hospitalId: 'hospital-1',
    actor: { userId: 'user-1', role: 'doctor', name: 'Dr Ada' },
    correlationId: 'corr-1',
    causationId: 'cause-1',
    now: new Date('2025-01-02T03:04:05.678Z'),
  });
  const event = (type: string, data: object = {}): NewEvent => ({ type, data, metadata: meta });
  const streamName = () => `contract-${randomUUID()}`;

  it('appends to a new stream and reads it back in revision order', async () => {
    const store = getStore();
    const stream = streamName();
    const result = await store.append(stream, [event('Admitted', { bed: 1 }), event('Moved', { bed: 2 })], {
      expectedRevision: 'no_stream',
    });
    expect(result.nextRevision).toBe(1n);
    const read = await store.readStream(stream);
    expect(read.map((e) => [e.type, e.revision, e.data, e.streamId])).toEqual([
      ['Admitted', 0n, { bed: 1 }, stream],
      ['Moved', 1n, { bed: 2 }, stream],
    ]);
    await store.append(stream, [event('Discharged')], { expectedRevision: 1n });
    expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
  });

  it('answers [] for a stream that does not exist', async () => {
    expect(await getStore().readStream(streamName())).toEqual([]);
  });

  it("reads a stream's last events alone, in revision order, and [] for a missing stream", async () => {
    const store = getStore();
    const stream = streamName();
    await store.append(
      stream,
      [1, 2, 3, 4, 5].map((n) => event('Counted', { n })),
      { expectedRevision: 'no_stream' },
    );
    const tail = (count: number) => store.readStreamTail(stream, count);
    expect((await tail(1)).map((e) => [e.revision, e.data])).toEqual([[4n, { n: 5 }]]);
    expect((await tail(2)).map((e) => e.revision)).toEqual([3n, 4n]);
    expect((await tail(9)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n, 4n]);
    expect((await tail(1))[0]).toEqual((await store.readStream(stream)).at(-1));
    expect(await store.readStreamTail(streamName(), 1)).toEqual([]);
  });

  it('rejects no_stream on an existing stream and a stale revision, and accepts any', async () => {
    const store = getStore();
    const stream = streamName();
    await store.append(stream, [event('A'), event('B')], { expectedRevision: 'no_stream' });

    const onExisting = store.append(stream, [event('C')], { expectedRevision: 'no_stream' });
    await expect(onExisting).rejects.toBeInstanceOf(WrongExpectedRevision);
    await expect(onExisting).rejects.toMatchObject({ stream, expected: 'no_stream', actual: 1n });

    const stale = store.append(stream, [event('C')], { expectedRevision: 0n });
    await expect(stale).rejects.toMatchObject({ name: 'WrongExpectedRevision', expected: 0n, actual: 1n });

    const ahead = store.append(streamName(), [event('C')], { expectedRevision: 3n });
    await expect(ahead).rejects.toMatchObject({ name: 'WrongExpectedRevision', actual: 'no_stream' });

    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B']);
    const any = await store.append(stream, [event('C')], { expectedRevision: 'any' });
    expect(any.nextRevision).toBe(2n);
    const fresh = streamName();
    expect((await store.append(fresh, [event('D')], { expectedRevision: 'any' })).nextRevision).toBe(0n);
  });

  it('round-trips metadata, the event id and the recording time', async () => {
    const store = getStore();
    const stream = streamName();
    const id = randomUUID();
    const before = Date.now();
    await store.append(stream, [{ ...event('Noted', { text: 'ünïcødé ✓', nested: { n: [1, 2] } }), id }], {
      expectedRevision: 'no_stream',
    });
    const [read] = await store.readStream(stream);
    expect(read!.id).toBe(id);
    expect(read!.data).toEqual({ text: 'ünïcødé ✓', nested: { n: [1, 2] } });
    expect(read!.metadata).toEqual(meta);
    // Clocks of two machines may differ a little; the point is a real timestamp, not a fixed one.
    expect(Math.abs(Date.parse(read!.recordedAt) - before)).toBeLessThan(60_000);
  });

  it('pages through the global feed from a position without skips or duplicates', async () => {
    const store = getStore();
    const start = await store.headPosition();
    const streams = [streamName(), streamName(), streamName()];
    const appended: string[] = [];
    for (let i = 0; i < 25; i++) {
      const stream = streams[i % 3]!;
      const id = randomUUID();
      await store.append(stream, [{ ...event('Counted', { i }), id }], { expectedRevision: 'any' });
      appended.push(id);
    }
    const seen: RecordedEvent[] = [];
    let after = start;
    // The feed holds back events while an older transaction anywhere on the server may still commit before them
    // (other test files share it): an empty page before all 25 arrived means "not yet", so wait for the rest.
    const deadline = Date.now() + 30_000;
    while (seen.length < appended.length && Date.now() < deadline) {
      const page = await store.readAll({ after, limit: 7 });
      if (page.length === 0) {
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      expect(page.length).toBeLessThanOrEqual(7);
      seen.push(...page.filter((e) => appended.includes(e.id)));
      after = page[page.length - 1]!.globalPosition;
    }
    expect(seen.map((e) => e.id)).toEqual(appended);
    for (let i = 1; i < seen.length; i++) {
      expect(comparePositions(seen[i - 1]!.globalPosition, seen[i]!.globalPosition)).toBe(-1);
    }
    expect(seen.some((e) => e.type.startsWith('$'))).toBe(false);
    // Reading from an event's own position starts after it.
    const from = seen[9]!.globalPosition;
    expect((await store.readAll({ after: from, limit: 3 })).map((e) => e.id)).toEqual(appended.slice(10, 13));
  });

  it('reports the position of the newest event as the head, matching what append returned', async () => {
    const store = getStore();
    const stream = streamName();
    const result = await store.append(stream, [event('First'), event('Second')], { expectedRevision: 'no_stream' });
    const head = await store.headPosition();
    expect(head).toEqual(result.position);
    const [first, second] = await store.readStream(stream);
    if (store.name === 'postgres') expect(second!.globalPosition).toEqual(result.position);
    // As above: the feed may hold the newest events back while an older transaction on the server is open.
    await vi.waitFor(
      async () => {
        const fromFirst = await store.readAll({ after: null, limit: 1_000_000 });
        const last = fromFirst[fromFirst.length - 1];
        expect([last?.id, last?.globalPosition]).toEqual([second!.id, head]);
        expect(fromFirst.find((e) => e.id === first!.id)).toBeDefined();
      },
      { timeout: 30_000, interval: 50 },
    );
  });

  it('notifies a subscriber after an append', async () => {
    const store = getStore();
    let calls = 0;
    const unsubscribe = await store.onAppended(() => calls++);
    try {
      expect(calls).toBe(0);
      await store.append(streamName(), [event('Pinged')], { expectedRevision: 'no_stream' });
      await vi.waitFor(() => expect(calls).toBeGreaterThan(0), { timeout: 10_000, interval: 20 });
    } finally {
      await unsubscribe();
    }
  });
}

describe('Postgres event store', () => {
  let pg: PostgresTestStore;
  beforeAll(async () => {
    pg = await createPostgresTestStore();
  });
  afterAll(async () => pg?.close());

  it('has no head while empty', async () => {
    expect(await pg.store.headPosition()).toBeNull();
    expect(await pg.store.readAll({ after: null, limit: 10 })).toEqual([]);
  });

  contract(() => pg.store);
});

const esdb = await findEsdb();
if (!esdb.available) console.warn(esdb.reason);

describe.skipIf(!esdb.available)('EventStoreDB event store', () => {
  let server: EsdbServer | undefined;
  let store: EsdbEventStore;
  beforeAll(async () => {
    if (!esdb.available) return;
    server = await esdb.start();
    store = await EsdbEventStore.connect(server.connectionString);
  }, 180_000);
  afterAll(async () => {
    await store?.close();
    await server?.stop();
  });

  contract(() => store);
});
