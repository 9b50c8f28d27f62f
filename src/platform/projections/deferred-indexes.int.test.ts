import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules } from '../../modules';
import { createPostgresTestStore, type PostgresTestStore } from '../event-store/postgres-test-store';
import { dropDeferredIndexes, restoreDeferredIndexes } from './deferred-indexes';

/**
 * The modules' own deferred indexes and keys on the migrated schema: a name that matches nothing
 * would be skipped without a word (and its table filled with the index kept), so each must exist;
 * and a rebuild's drop and restore must leave every index and constraint as the migrations made it.
 */
describe("the projections' deferred indexes", () => {
  let pg: PostgresTestStore;
  const projections = modules.flatMap((m) => m.projections ?? []);
  const names = projections.flatMap((p) => p.deferredIndexes ?? []);
  const schema = async () => {
    const indexes = await sql<{ def: string }>`select indexdef as def from pg_indexes
      where schemaname = current_schema() order by indexname`.execute(pg.db);
    const constraints = await sql<{ def: string }>`select conrelid::regclass || ' ' || conname || ' '
        || pg_get_constraintdef(oid) as def from pg_constraint
      where connamespace = to_regnamespace(current_schema()) order by conname`.execute(pg.db);
    return [...indexes.rows, ...constraints.rows].map((r) => r.def);
  };

  beforeAll(async () => {
    pg = await createPostgresTestStore();
  });
  afterAll(async () => {
    await pg?.close();
  });

  it('names indexes that exist, once each', async () => {
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes
      where schemaname = current_schema() and indexname = any(${names}::text[]) order by indexname`.execute(pg.db);
    expect(rows.map((r) => r.indexname)).toEqual([...new Set(names)].sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('leaves every index and constraint as it was after a drop and a restore', async () => {
    const before = await schema();
    await dropDeferredIndexes(pg.db, projections);
    const dropped = await schema();
    for (const name of names) expect(dropped.join('\n')).not.toMatch(new RegExp(`\\b${name}\\b`));
    expect((await restoreDeferredIndexes(pg.db)).sort()).toEqual([...names].sort());
    expect(await schema()).toEqual(before);
  });
});
