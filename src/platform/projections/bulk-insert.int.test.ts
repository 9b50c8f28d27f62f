import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresTestStore, type PostgresTestStore } from '../event-store/postgres-test-store';
import { applyProjectionBatch } from './batches';
import { insertRows } from './bulk-insert';
import { deleteCheckpoint } from './checkpoints';
import { appendCounted, createCountingTable } from './counting-projection';
import type { Projection } from './projection';

/**
 * A bulk insert keeps its conflict clause in a live batch (a page may come again after a crash)
 * and drops it in a rebuild's page, whose tables were emptied and where each row comes once: there
 * a duplicate fails the page instead of being skipped.
 */
describe('insertRows in a live batch and in a rebuild', () => {
  let pg: PostgresTestStore;
  const COLUMNS = { event_id: 'uuid', seq: 'int' };
  const bulk: Projection = {
    name: 'bulk',
    handlers: {},
    everyEvent: async (trx, events) => {
      const rows = events.map((e) => ({ event_id: e.id, seq: (e.data as { seq: number }).seq }));
      // The page's first row a second time: what a replayed page would bring.
      await insertRows(trx, 'bulk', COLUMNS, [...rows, rows[0]!], 'on conflict (event_id) do nothing');
    },
    reset: async (trx) => {
      await sql`delete from bulk`.execute(trx);
    },
  };
  const count = async () =>
    Number((await sql<{ n: string }>`select count(*) as n from bulk`.execute(pg.db)).rows[0]!.n);

  beforeAll(async () => {
    pg = await createPostgresTestStore();
    await createCountingTable(pg.db, 'bulk');
    await appendCounted(pg.store, 20, 20);
  });
  afterAll(async () => pg?.close());

  it('skips the duplicate in a live batch', async () => {
    const events = await pg.store.readAll({ after: null, limit: 100 });
    await pg.db.transaction().execute((trx) => bulk.reset(trx));
    const batch = await applyProjectionBatch(pg.db, bulk, null, events);
    expect(batch.applied).toBe(true);
    expect(await count()).toBe(20);
  });

  it('fails the page on the duplicate in a rebuild, writing none of it', async () => {
    const events = await pg.store.readAll({ after: null, limit: 100 });
    await pg.db.transaction().execute(async (trx) => {
      await bulk.reset(trx);
      await deleteCheckpoint(trx, 'bulk');
    });
    await expect(applyProjectionBatch(pg.db, bulk, null, events, { rebuilding: true })).rejects.toThrow(
      /duplicate key value violates unique constraint/,
    );
    expect(await count()).toBe(0);
  });

  it('writes every kind of column: text, numbers, booleans, times, json values and nulls, arrays', async () => {
    await sql`create table bulk_kinds (t text, n numeric, b boolean, at timestamptz, j jsonb, a text[])`.execute(pg.db);
    const kinds = { t: 'text', n: 'numeric', b: 'boolean', at: 'timestamptz', j: 'jsonb', a: 'text[]' };
    const rows = [
      {
        t: 'a "quoted" \\ line\nnext',
        n: '123456789012345678901234567890',
        b: true,
        at: new Date('2026-01-02T03:04:05.678Z'),
        j: { z: [1, 'two', null], a: { nested: true } },
        a: ['x', 'y "z"', 'back\\slash', ''],
      },
      { t: null, n: 1.5, b: false, at: null, j: null, a: [] },
      { t: 'é ü \u2028', n: null, b: null, at: '2026-05-06T07:08:09Z', j: ['list'], a: null },
      { j: 'a JSON string', a: ['only'] },
    ];
    await pg.db.transaction().execute((trx) => insertRows(trx, 'bulk_kinds', kinds, rows, ''));
    const { rows: stored } = await sql<
      Record<string, unknown>
    >`select t, n::text as n, b, at, j, a from bulk_kinds`.execute(pg.db);
    expect(stored).toEqual([
      {
        t: 'a "quoted" \\ line\nnext',
        n: '123456789012345678901234567890',
        b: true,
        at: new Date('2026-01-02T03:04:05.678Z'),
        j: { z: [1, 'two', null], a: { nested: true } },
        a: ['x', 'y "z"', 'back\\slash', ''],
      },
      { t: null, n: '1.5', b: false, at: null, j: null, a: [] },
      { t: 'é ü \u2028', n: null, b: null, at: new Date('2026-05-06T07:08:09Z'), j: ['list'], a: null },
      { t: null, n: null, b: null, at: null, j: 'a JSON string', a: ['only'] },
    ]);
  });

  it('writes a column of Dates exact to the millisecond, before 1970 and far ahead too', async () => {
    await sql`create table bulk_times (i int, at timestamptz)`.execute(pg.db);
    const times = [
      '2026-01-02T03:04:05.678Z',
      '1969-12-31T23:59:59.999Z',
      '1900-02-28T12:00:00.001Z',
      '2999-12-31T23:59:59.999Z',
      '2026-11-26T06:00:00.000Z',
    ];
    const rows = [...times.map((t, i) => ({ i, at: new Date(t) })), { i: times.length, at: null }];
    await pg.db
      .transaction()
      .execute((trx) => insertRows(trx, 'bulk_times', { i: 'int', at: 'timestamptz' }, rows, ''));
    const { rows: stored } = await sql<{ at: string | null }>`
      select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from bulk_times order by i`.execute(
      pg.db,
    );
    expect(stored.map((r) => r.at)).toEqual([...times.map((t) => t.replace('Z', '000Z')), null]);
  });
});
