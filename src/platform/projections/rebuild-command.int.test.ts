import { spawn } from 'node:child_process';
import { migrations } from '../../../migrations';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createPostgresTestStore, type PostgresTestStore } from '../event-store/postgres-test-store';
import { readCheckpoint } from './checkpoints';
import { appendCounted, countingProjection, createCountingTable, silentLog, tableStats } from './counting-projection';
import { dropDeferredIndexes, restoreDeferredIndexes } from './deferred-indexes';
import { runRebuild } from './rebuild-command';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function collect(isTTY = false) {
  let text = '';
  return { out: { isTTY, write: (t: string) => (text += t) }, text: () => text };
}

describe('projections:rebuild', () => {
  let pg: PostgresTestStore;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-rebuild-'));
  const projections = [
    { ...countingProjection('counted', 'counted'), deferredIndexes: ['counted_seq'] },
    countingProjection('other', 'other'),
  ];
  const indexes = async () =>
    (
      await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'counted_seq'`.execute(pg.db)
    ).rows.map((r) => r.indexdef);
  const config = () =>
    loadConfig({ DATABASE_URL: pg.url, DATA_DIR: dataDir, JWT_SECRET: 'test-secret-test-secret-test-secret-42' });

  beforeAll(async () => {
    pg = await createPostgresTestStore();
    await createCountingTable(pg.db, 'counted');
    await createCountingTable(pg.db, 'other');
    await sql`create index counted_seq on counted (seq desc) where times > 0`.execute(pg.db);
  });
  afterAll(async () => {
    await pg?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses an unknown name, listing the projections it knows', async () => {
    const { out, text } = collect();
    const code = await runRebuild({ migrations, name: 'nope', projections, config: config(), log: silentLog, out });
    expect(code).toBe(1);
    expect(text()).toBe('Unknown projection "nope". Known projections: counted, other\n');
  });

  it('explains its usage when no name is given', async () => {
    const { out, text } = collect();
    expect(await runRebuild({ migrations, name: undefined, projections, config: config(), log: silentLog, out })).toBe(
      1,
    );
    expect(text()).toBe(
      'Usage: npm run projections:rebuild -- NAME | --all [--concurrent]\nKnown projections: counted, other\n',
    );
  });

  it('empties the read model and replays every event with a progress bar', async () => {
    const head = await appendCounted(pg.store, 1200);
    await sql`insert into counted (event_id, seq, times) values (gen_random_uuid(), -1, 5)`.execute(pg.db);
    const { out, text } = collect();
    expect(await runRebuild({ migrations, name: 'counted', projections, config: config(), log: silentLog, out })).toBe(
      0,
    );
    const lines = text().trimEnd().split('\n');
    expect(lines.slice(0, -1)).toEqual([
      '[..........] 0/1200 events',
      '[####......] 500/1200 events',
      '[########..] 1000/1200 events',
      '[##########] 1200/1200 events',
    ]);
    expect(lines.at(-1)).toMatch(/^Rebuilt counted: 1200 events in \d+\.\d s$/);
    expect(await tableStats(pg.db, 'counted')).toEqual({ rows: 1200, maxTimes: 1 });
    expect(await readCheckpoint(pg.db, 'counted')).toEqual(head);
    // Only the named projection is touched.
    expect(await readCheckpoint(pg.db, 'other')).toBeNull();
  });

  it('redraws the bar in place on a terminal', async () => {
    const { out, text } = collect(true);
    expect(await runRebuild({ migrations, name: 'counted', projections, config: config(), log: silentLog, out })).toBe(
      0,
    );
    expect(text()).toMatch(/^\r\[\.{10}\] 0\/1200 events\r.*\r\[#{10}\] 1200\/1200 events\nRebuilt counted/s);
  });

  it.each(['one-pass', 'concurrent'] as const)(
    'with --all (%s) rebuilds every projection with a bar each',
    async (mode) => {
      const head = await pg.store.headPosition();
      for (const table of ['counted', 'other']) {
        await sql`insert into ${sql.table(table)} (event_id, seq, times) values (gen_random_uuid(), -1, 5)`.execute(
          pg.db,
        );
      }
      const { out, text } = collect();
      expect(
        await runRebuild({ migrations, name: '--all', mode, projections, config: config(), log: silentLog, out }),
      ).toBe(0);
      const lines = text().trimEnd().split('\n');
      for (const name of ['counted', 'other']) {
        const mine = lines.filter((l) => l.startsWith(`${name} `));
        expect(mine[0]).toBe(`${name.padEnd(7)}  [..........] 0/1200 events`);
        expect(mine.at(-1)).toBe(`${name.padEnd(7)}  [##########] 1200/1200 events`);
        expect(await tableStats(pg.db, name)).toEqual({ rows: 1200, maxTimes: 1 });
        expect(await readCheckpoint(pg.db, name)).toEqual(head);
      }
      expect(lines.at(-1)).toMatch(/^Rebuilt 2 projections: 1200 events in \d+\.\d s$/);
      // Dropped for the rebuild, built again after it.
      expect(await indexes()).toEqual([
        'CREATE INDEX counted_seq ON public.counted USING btree (seq DESC) WHERE (times > 0)',
      ]);
      expect((await sql`select * from projection_deferred_indexes`.execute(pg.db)).rows).toEqual([]);
    },
  );

  it('keeps a dropped index until it is built again, so a rebuild that dies half-way loses none', async () => {
    const before = await indexes();
    await dropDeferredIndexes(pg.db, projections);
    expect(await indexes()).toEqual([]);
    // A second drop (the next rebuild, after a crash) keeps the definition it stored first.
    await dropDeferredIndexes(pg.db, projections);
    expect(await restoreDeferredIndexes(pg.db)).toEqual(['counted_seq']);
    expect(await indexes()).toEqual(before);
    expect(await restoreDeferredIndexes(pg.db)).toEqual([]);
  });

  it('drops a named key constraint for the rebuild and makes it the constraint again after, checking it', async () => {
    const keys = async () =>
      (
        await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint
          where conname = 'other_pkey'`.execute(pg.db)
      ).rows.map((r) => r.def);
    const withKey = [{ ...countingProjection('o', 'other'), deferredIndexes: ['other_pkey'] }];
    expect(await keys()).toEqual(['PRIMARY KEY (event_id)']);
    await dropDeferredIndexes(pg.db, withKey);
    expect(await keys()).toEqual([]);
    // Without its key the table takes a duplicate, which the key's build at the end refuses.
    await sql`insert into other (event_id, seq) values ('00000000-0000-4000-8000-000000000001', 1),
      ('00000000-0000-4000-8000-000000000001', 2)`.execute(pg.db);
    await expect(restoreDeferredIndexes(pg.db)).rejects.toThrow(/could not create unique index "other_pkey"/);
    expect(await keys()).toEqual([]);
    await sql`delete from other where seq = 2`.execute(pg.db);
    expect(await restoreDeferredIndexes(pg.db)).toEqual(['other_pkey']);
    expect(await keys()).toEqual(['PRIMARY KEY (event_id)']);
    expect((await sql`select * from projection_deferred_indexes`.execute(pg.db)).rows).toEqual([]);
    await sql`delete from other`.execute(pg.db);
  });

  it('builds the dropped indexes side by side, the biggest table first', async () => {
    await sql`insert into other (event_id, seq) select gen_random_uuid(), g from generate_series(1, 5000) g`.execute(
      pg.db,
    );
    await sql`create index other_seq on other (seq)`.execute(pg.db);
    await sql`analyze other`.execute(pg.db);
    const both = [...projections, { ...countingProjection('o', 'other'), deferredIndexes: ['other_seq'] }];
    await dropDeferredIndexes(pg.db, both);
    expect(await restoreDeferredIndexes(pg.db)).toEqual(['other_seq', 'counted_seq']);
    const built = await sql<{ indexname: string }>`select indexname from pg_indexes
      where indexname in ('counted_seq', 'other_seq') order by indexname`.execute(pg.db);
    expect(built.rows.map((r) => r.indexname)).toEqual(['counted_seq', 'other_seq']);
    expect((await sql`select * from projection_deferred_indexes`.execute(pg.db)).rows).toEqual([]);
    await sql`drop index other_seq`.execute(pg.db);
    await sql`delete from other`.execute(pg.db);
  });

  it('as a script, exits 1 with the reason on stderr for an unknown name', async () => {
    const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/rebuild-projection.ts', 'no-such'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: pg.url,
        JWT_SECRET: 'test-secret-test-secret-test-secret-42',
      },
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(1);
    expect(stderr).toMatch(/^Unknown projection "no-such"\. Known projections: /);
  });
});
