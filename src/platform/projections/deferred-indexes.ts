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

/**
 * Builds every index a rebuild dropped; returns their names. Each build sorts its whole table, so
 * it gets a large `maintenance_work_mem` (the default 64 MB spills a trigram GIN index of millions
 * of rows to disk in many passes), and `parallel` of them run side by side on the owner's pool
 * (as many as it has connections), the biggest tables first.
 */
export async function restoreDeferredIndexes(owner: Db, { parallel = 2 } = {}): Promise<string[]> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select d.name, d.definition from projection_deferred_indexes d
      left join pg_class t on t.oid = to_regclass(substring(d.definition from ' ON (?:ONLY )?([^ ]+) '))
     order by t.relpages desc nulls last, d.name`.execute(owner);
  const queue = [...rows];
  const build = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { name, definition } = next;
      await owner.transaction().execute(async (trx) => {
        await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
        await sql.raw(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')).execute(trx);
        await sql`delete from projection_deferred_indexes where name = ${name}`.execute(trx);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, build));
  return rows.map((r) => r.name);
}
