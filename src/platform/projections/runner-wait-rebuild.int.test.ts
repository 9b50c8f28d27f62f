import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresTestStore, type PostgresTestStore } from '../event-store/postgres-test-store';
import { readCheckpoint } from './checkpoints';
import { appendCounted, countingProjection, createCountingTable, silentLog, tableStats } from './counting-projection';
import { ProjectionRunner } from './runner';

describe('ProjectionRunner waitFor and rebuild', () => {
  let pg: PostgresTestStore;
  const runners: ProjectionRunner[] = [];
  const track = (r: ProjectionRunner) => (runners.push(r), r);

  beforeEach(async () => {
    pg = await createPostgresTestStore();
    await createCountingTable(pg.db, 'healthy');
    await createCountingTable(pg.db, 'stuck');
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await pg?.close();
  });

  const stuckAt = (seq: number) => countingProjection('stuck', 'stuck', { failOn: (e) => e.data.seq === seq });

  it('resolves true once a projection applied the position, false after the timeout while one is stuck', async () => {
    const r = track(
      new ProjectionRunner(
        pg.db,
        pg.store,
        { projections: [countingProjection('healthy', 'healthy'), stuckAt(3)] },
        silentLog,
      ),
    );
    await r.start();
    const beforePoison = await appendCounted(pg.store, 2, 1);
    expect(await r.waitFor(beforePoison, [{ name: 'healthy' }, { name: 'stuck' }], 20_000)).toBe(true);

    const poison = await appendCounted(pg.store, 1, 1, 3);
    expect(await r.waitFor(poison, [{ name: 'healthy' }], 20_000)).toBe(true);
    expect(await r.waitFor(poison, [{ name: 'stuck' }], 300)).toBe(false);
    expect(await r.waitFor(poison, [{ name: 'healthy' }, { name: 'stuck' }], 300)).toBe(false);
    expect(await tableStats(pg.db, 'healthy')).toEqual({ rows: 3, maxTimes: 1 });
    expect(await tableStats(pg.db, 'stuck')).toEqual({ rows: 2, maxTimes: 1 });
    const status = await r.status();
    const stuck = status.find((s) => s.name === 'stuck')!;
    expect(stuck.failing).toMatch(/failed on event 3/);
    expect(stuck.eventsBehind).toBe(1);
    // Read once from the oldest checkpoint, yet the caught-up projection counts nothing it applied.
    expect(status.find((s) => s.name === 'healthy')).toMatchObject({ eventsBehind: 0, failing: null });
  });

  it('answers false to a pending wait when the runner stops rather than leaving it hanging', async () => {
    const r = track(new ProjectionRunner(pg.db, pg.store, { projections: [stuckAt(1)] }, silentLog));
    await r.start();
    const poison = await appendCounted(pg.store, 1, 1);
    // Far beyond the test's own timeout: only stop() can settle it in time.
    const waiting = r.waitFor(poison, [{ name: 'stuck' }], 10 * 60_000);
    await r.stop();
    expect(await waiting).toBe(false);
  });

  it('rebuilds a projection from an emptied table and moves its checkpoint to the head', async () => {
    const head = await appendCounted(pg.store, 1234);
    const first = track(
      new ProjectionRunner(pg.db, pg.store, { projections: [countingProjection('healthy', 'healthy')] }, silentLog),
    );
    await first.start();
    expect(await first.waitFor(head, [{ name: 'healthy' }], 20_000)).toBe(true);
    await first.stop();
    // The read model drifted (a bug, a hand edit): a rebuild must throw all of that away.
    await sql`delete from healthy where seq <= 100`.execute(pg.db);
    await sql`update healthy set times = 7 where seq = 500`.execute(pg.db);
    await sql`insert into healthy (event_id, seq) values (gen_random_uuid(), -1)`.execute(pg.db);

    const runner = new ProjectionRunner(
      pg.db,
      pg.store,
      { projections: [countingProjection('healthy', 'healthy')] },
      silentLog,
    );
    const progress: number[] = [];
    expect(await runner.rebuild('healthy', (n) => progress.push(n))).toBe(1234);
    expect(progress).toEqual([500, 1000, 1234]);
    expect(await tableStats(pg.db, 'healthy')).toEqual({ rows: 1234, maxTimes: 1 });
    const { rows } = await sql<{ min: number; max: number }>`select min(seq), max(seq) from healthy`.execute(pg.db);
    expect(rows[0]).toEqual({ min: 1, max: 1234 });
    expect(await readCheckpoint(pg.db, 'healthy')).toEqual(head);
  });

  it('keeps every event applied once when a rebuild runs beside a live runner', async () => {
    await appendCounted(pg.store, 1500);
    const live = track(
      new ProjectionRunner(pg.db, pg.store, { projections: [countingProjection('healthy', 'healthy')] }, silentLog),
    );
    await live.start();
    const rebuilder = new ProjectionRunner(
      pg.db,
      pg.store,
      { projections: [countingProjection('healthy', 'healthy')] },
      silentLog,
    );
    const [, head] = await Promise.all([rebuilder.rebuild('healthy'), appendCounted(pg.store, 300, 10, 1501)]);
    expect(await live.waitFor(head, [{ name: 'healthy' }], 20_000)).toBe(true);
    expect(await tableStats(pg.db, 'healthy')).toEqual({ rows: 1800, maxTimes: 1 });
  });

  it('refuses to rebuild a projection it does not know', async () => {
    const runner = new ProjectionRunner(
      pg.db,
      pg.store,
      { projections: [countingProjection('healthy', 'healthy')] },
      silentLog,
    );
    await expect(runner.rebuild('nope')).rejects.toThrow('Unknown projection nope');
  });
});
