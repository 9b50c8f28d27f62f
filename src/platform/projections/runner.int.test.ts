import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventStore } from '../event-store/port';
import { createPostgresTestStore, type PostgresTestStore } from '../event-store/postgres-test-store';
import { readCheckpoint } from './checkpoints';
import { appendCounted, countingProjection, createCountingTable, silentLog, tableStats } from './counting-projection';
import { ProjectionRunner } from './runner';

describe('ProjectionRunner', () => {
  let pg: PostgresTestStore;
  const runners: ProjectionRunner[] = [];
  const runner = (store: EventStore, ...projections: Parameters<typeof countingProjection>[]) => {
    const r = new ProjectionRunner(
      pg.db,
      store,
      { projections: projections.map((p) => countingProjection(...p)) },
      silentLog,
    );
    runners.push(r);
    return r;
  };

  beforeEach(async () => {
    pg = await createPostgresTestStore(20);
    await createCountingTable(pg.db, 'counted');
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await pg?.close();
  });

  it('catches up from zero, then follows new events as the store announces them', async () => {
    await appendCounted(pg.store, 1200);
    let announcements = 0;
    const listened: EventStore = Object.assign(Object.create(pg.store) as EventStore, {
      onAppended: (onNew: () => void) =>
        pg.store.onAppended(() => {
          announcements++;
          onNew();
        }),
    });
    const r = runner(listened, ['counted', 'counted']);
    await r.start();
    const head = (await pg.store.headPosition())!;
    expect(await r.waitFor(head, [{ name: 'counted' }], 20_000)).toBe(true);
    expect(await tableStats(pg.db, 'counted')).toEqual({ rows: 1200, maxTimes: 1 });
    expect(await readCheckpoint(pg.db, 'counted')).toEqual(head);

    const live = await appendCounted(pg.store, 3, 1, 1201);
    expect(await r.waitFor(live, [{ name: 'counted' }], 20_000)).toBe(true);
    expect(await tableStats(pg.db, 'counted')).toEqual({ rows: 1203, maxTimes: 1 });
    expect(announcements).toBeGreaterThan(0);
  });

  it('commits read-model rows and the checkpoint together: no snapshot sees one without the other', async () => {
    const r = runner(pg.store, ['counted', 'counted']);
    await r.start();
    let appending = true;
    const writes = (async () => {
      for (let i = 0; i < 150; i++) await appendCounted(pg.store, 2, 2, 1 + i * 2);
      appending = false;
    })();
    const observations: { applied: number; covered: number }[] = [];
    while (appending) {
      const client = await pg.pool.connect();
      try {
        // One snapshot for both counts: rows in the read model, and events up to its checkpoint.
        await client.query('begin isolation level repeatable read');
        const { rows } = await client.query<{ applied: string; covered: string }>(
          `select (select count(*) from counted) as applied,
                  (select count(*) from events e join projection_checkpoints c on c.name = 'counted'
                    where (e.transaction_id::text::numeric, e.position) <= (c.position_major, c.position_minor)) as covered`,
        );
        await client.query('commit');
        observations.push({ applied: Number(rows[0]!.applied), covered: Number(rows[0]!.covered) });
      } finally {
        client.release();
      }
    }
    await writes;
    expect(await r.waitFor((await pg.store.headPosition())!, [{ name: 'counted' }], 20_000)).toBe(true);
    expect(observations.length).toBeGreaterThan(0);
    expect(observations.filter((o) => o.applied !== o.covered)).toEqual([]);
    expect(await tableStats(pg.db, 'counted')).toEqual({ rows: 300, maxTimes: 1 });
  });

  it('resumes after a crash mid-batch from the last committed checkpoint, applying every event once', async () => {
    const head = await appendCounted(pg.store, 1200);
    let crashing = true;
    const first = runner(pg.store, ['counted', 'counted', { failOn: (e) => crashing && e.data.seq === 700 }]);
    await first.start();
    // The first batch (1..500) commits; the second throws at its 200th event and rolls back whole.
    await vi.waitFor(async () => expect((await first.status())[0]!.failing).toMatch(/failed on event 700/), {
      timeout: 20_000,
      interval: 50,
    });
    expect(await tableStats(pg.db, 'counted')).toEqual({ rows: 500, maxTimes: 1 });
    const [fifth] = await sql<{ seq: number }>`select max(seq) as seq from counted`.execute(pg.db).then((r) => r.rows);
    expect(fifth!.seq).toBe(500);
    await first.stop();

    crashing = false;
    const second = runner(pg.store, ['counted', 'counted', { failOn: (e) => crashing && e.data.seq === 700 }]);
    await second.start();
    expect(await second.waitFor(head, [{ name: 'counted' }], 20_000)).toBe(true);
    expect(await tableStats(pg.db, 'counted')).toEqual({ rows: 1200, maxTimes: 1 });
    expect(await readCheckpoint(pg.db, 'counted')).toEqual(head);
  });

  it('parks an event that fails on what it holds, goes on past it, and applies it when retried', async () => {
    let poisoned = true;
    const r = runner(pg.store, [
      'counted',
      'counted',
      { failOn: (e) => poisoned && e.data.seq === 700, failure: 'event' },
    ]);
    await r.start();
    const head = await appendCounted(pg.store, 1200);
    expect(await r.waitFor(head, [{ name: 'counted' }], 20_000)).toBe(true);
    // Every other event of its page and after it is applied once; the one is parked, not lost.
    expect(await tableStats(pg.db, 'counted')).toEqual({ rows: 1199, maxTimes: 1 });
    const parked = await r.parked();
    expect(parked).toEqual([expect.objectContaining({ consumer: 'counted', eventType: 'Counted', attempts: 1 })]);
    expect(parked[0]!.error).toBe('Error: counted failed on event 700');
    expect((await r.status())[0]).toMatchObject({ failing: null, eventsBehind: 0 });
    expect(await readCheckpoint(pg.db, 'counted')).toEqual(head);

    poisoned = false;
    expect(await r.retryParked()).toEqual([expect.objectContaining({ eventId: parked[0]!.eventId, applied: true })]);
    expect(await r.parked()).toEqual([]);
    expect(await tableStats(pg.db, 'counted')).toEqual({ rows: 1200, maxTimes: 1 });
  });

  it('applies each event once when two runners (two servers) follow the same projection', async () => {
    await appendCounted(pg.store, 1000);
    const a = runner(pg.store, ['counted', 'counted']);
    const b = runner(pg.store, ['counted', 'counted']);
    await Promise.all([a.start(), b.start()]);
    const more = appendCounted(pg.store, 600, 20, 1001);
    const head = await more;
    expect(await a.waitFor(head, [{ name: 'counted' }], 20_000)).toBe(true);
    expect(await b.waitFor(head, [{ name: 'counted' }], 20_000)).toBe(true);
    expect(await tableStats(pg.db, 'counted')).toEqual({ rows: 1600, maxTimes: 1 });
    expect((await a.status())[0]!.failing).toBeNull();
    expect((await b.status())[0]!.failing).toBeNull();
  });
});
