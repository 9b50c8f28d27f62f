import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { Projection } from './projection';

/**
 * Around a rebuild of every projection: the indexes that only their query functions use
 * (`Projection.deferredIndexes`) are dropped, so millions of rows go in without updating them row
 * by row, and built once at the end, which is many times cheaper. Only the tables' owner may drop
 * and create them. Each definition is stored (projection_deferred_indexes) before its index is
 * dropped and deleted once it is built again, so a rebuild that dies half-way leaves the next one
 * (or `restoreDeferredIndexes`) what to build.
 */
export async function dropDeferredIndexes(owner: Db, projections: readonly Projection[]): Promise<void> {
  const names = projections.flatMap((p) => p.deferredIndexes ?? []);
  if (names.length === 0) return;
  await owner.transaction().execute(async (trx) => {
    await sql`insert into projection_deferred_indexes (name, definition)
      select indexname, indexdef from pg_indexes where schemaname = current_schema() and indexname = any(${names}::text[])
      on conflict (name) do nothing`.execute(trx);
    for (const name of names) await sql`drop index if exists ${sql.id(name)}`.execute(trx);
  });
}

/** Builds every index a rebuild dropped, one by one; returns their names. */
export async function restoreDeferredIndexes(owner: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select name, definition from projection_deferred_indexes order by name`.execute(owner);
  for (const { name, definition } of rows) {
    await owner.transaction().execute(async (trx) => {
      await sql.raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')).execute(trx);
      await sql`delete from projection_deferred_indexes where name = ${name}`.execute(trx);
    });
  }
  return rows.map((r) => r.name);
}
