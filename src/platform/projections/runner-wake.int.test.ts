import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { metadataFor } from '../event-store/metadata';
import type { GlobalPosition, RecordedEvent } from '../event-store/port';
import { createPostgresTestStore, type PostgresTestStore } from '../event-store/postgres-test-store';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { appendCounted, countingProjection, createCountingTable, silentLog } from './counting-projection';
import { defineProjection } from './projection';
import { ProjectionRunner } from './runner';

/**
 * Issue 34 §5: a commit wakes the consumers that act on its events' types, not all of them. A
 * burst of list reads' access events wakes the audit trail; the other consumers pass those events
 * later, in one page, when an event they act on comes, a command waits for them, or the poll. The
 * poll is set to a minute here, so every wake a test sees is one the runner chose.
 */
describe('ProjectionRunner: waking by event type', () => {
  let pg: PostgresTestStore;
  let runner: ProjectionRunner;
  /** Each page the live consumer was handed. */
  let handed: RecordedEvent[][];
  const metadata = metadataFor({ hospitalId: 'hospital-1' });
  const appendOther = (store = pg.store) =>
    store
      .append('other-1', [{ type: 'Other', data: {}, metadata }], { expectedRevision: 'any' })
      .then((r) => r.position);
  const checkpointOf = async (name: string) => (await runner.status()).find((s) => s.name === name)!;

  beforeEach(async () => {
    pg = await createPostgresTestStore(20);
    await createCountingTable(pg.db, 'counted');
    await sql`create table others (event_id uuid primary key)`.execute(pg.db);
    handed = [];
    const others = defineProjection<{ type: 'Other'; data: object }>({
      name: 'others',
      handlers: {
        Other: async (trx, event) => {
          await sql`insert into others (event_id) values (${event.id})`.execute(trx);
        },
      },
      reset: async () => undefined,
    });
    runner = new ProjectionRunner(
      pg.db,
      pg.store,
      {
        projections: [countingProjection('counted', 'counted'), others],
        live: [{ name: 'spy', types: ['Other'], handle: (events) => void handed.push(events) }],
        idlePollMs: 60_000,
      },
      silentLog,
    );
    await runner.start();
    // Every track has read the feed once (their first read may come while a test appends).
    const first = await appendOther();
    expect(await runner.waitFor(first, [{ name: 'counted' }, { name: 'others' }, { name: 'spy' }], 20_000)).toBe(true);
    handed = [];
  });
  afterEach(async () => {
    await runner?.stop();
    await pg?.close();
  });

  it("leaves the consumers of other types asleep through thirty commits, and they pass them in one page when it's their turn", async () => {
    // Their warm-up read may still be following the feed (due); wait until both have found the head
    // and gone to sleep, so every wake after this is one the runner chose for the commits below.
    const tracks = (runner as unknown as { tracks: Map<string, { due: boolean }> }).tracks;
    await vi.waitFor(() => expect([tracks.get('others')!.due, tracks.get('spy')!.due]).toEqual([false, false]), {
      timeout: 20_000,
    });
    let last: GlobalPosition | null = null;
    for (let i = 0; i < 30; i++) last = await appendCounted(pg.store, 1, 1, i + 1);
    expect(await runner.waitFor(last, [{ name: 'counted' }], 20_000)).toBe(true);

    // Neither woke for them (at most the read that followed their warm-up found the first ones, and
    // passed them): the projection's checkpoint is behind the commits, though health counts nothing
    // it has yet to do, and the live consumer was handed nothing.
    expect(handed).toEqual([]);
    const others = await checkpointOf('others');
    expect(others.checkpoint).not.toBe(`${last![0]}:${last![1]}`);
    expect(others.eventsBehind).toBe(0);
    expect(await checkpointOf('counted')).toMatchObject({ eventsBehind: 0 });

    // An event they act on wakes them: they pass the others' events and act on it, once.
    const other = await appendOther();
    expect(await runner.waitFor(other, [{ name: 'others' }, { name: 'spy' }], 20_000)).toBe(true);
    expect((await sql<{ n: number }>`select count(*)::int as n from others`.execute(pg.db)).rows[0]!.n).toBe(2);
    expect(handed).toHaveLength(1);
    expect(handed[0]!.filter((e) => e.type === 'Other')).toHaveLength(1);
    expect(handed[0]!.at(-1)!.globalPosition).toEqual(other);
  });

  it('moves a consumer past events it ignores when a command waits for it', async () => {
    const last = await appendCounted(pg.store, 5, 1);
    expect(await runner.waitFor(last, [{ name: 'others' }], 20_000)).toBe(true);
    expect((await checkpointOf('others')).checkpoint).toBe(`${last[0]}:${last[1]}`);
  });

  it("wakes them for another server's appends by the types its notification names", async () => {
    const other = new PostgresEventStore(pg.pool, pg.url);
    try {
      let counted: GlobalPosition | null = null;
      for (let i = 0; i < 10; i++) counted = await appendCounted(other, 1, 1, i + 1);
      expect(await runner.waitFor(counted, [{ name: 'counted' }], 20_000)).toBe(true);
      expect(handed).toEqual([]);
      const shown = await appendOther(other);
      // Told by the notification alone: nothing here waits for the consumer, nor polls.
      for (let i = 0; i < 200 && !handed.flat().some((e) => e.type === 'Other'); i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(handed.flat().filter((e) => e.type === 'Other')).toHaveLength(1);
      expect(handed.flat().at(-1)!.globalPosition).toEqual(shown);
      expect(await runner.waitFor(shown, [{ name: 'others' }], 20_000)).toBe(true);
    } finally {
      await other.close();
    }
  });
});
