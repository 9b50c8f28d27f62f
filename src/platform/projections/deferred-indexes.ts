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
 *
 * A name may also be a primary key or unique constraint's (its index has the constraint's name)
 * that no handler needs during a rebuild: a rebuild's bulk inserts have no `on conflict`
 * (rebuilding.ts), so nothing looks a row up by it. Its unique index is built at the end like the
 * others, which checks the whole table's keys at once (a duplicate fails the rebuild then, as it
 * would have row by row), and then made the constraint again (`ADD CONSTRAINT … USING INDEX`).
 */
export async function dropDeferredIndexes(owner: Db, projections: readonly Projection[]): Promise<void> {
  const names = projections.flatMap((p) => p.deferredIndexes ?? []);
  if (names.length === 0) return;
  await owner.transaction().execute(async (trx) => {
    // A constraint's: its unique index, then the statement that makes that index the constraint again.
    await sql`insert into projection_deferred_indexes (name, definition)
      select i.indexname, i.indexdef || coalesce(
               '; ALTER TABLE ' || c.conrelid::regclass::text || ' ADD CONSTRAINT ' || quote_ident(c.conname)
                 || case c.contype when 'p' then ' PRIMARY KEY' else ' UNIQUE' end
                 || ' USING INDEX ' || quote_ident(c.conname),
               '')
        from pg_indexes i
        left join pg_constraint c
          on c.conname = i.indexname and c.connamespace = to_regnamespace(i.schemaname) and c.contype in ('p', 'u')
       where i.schemaname = current_schema() and i.indexname = any(${names}::text[])
      on conflict (name) do nothing`.execute(trx);
    const constraints = await sql<{ name: string; table: string }>`
      select c.conname as name, c.conrelid::regclass::text as table from pg_constraint c
       where c.connamespace = to_regnamespace(current_schema()) and c.contype in ('p', 'u')
         and c.conname = any(${names}::text[])`.execute(trx);
    const constraint = new Map(constraints.rows.map((r) => [r.name, r.table]));
    for (const name of names) {
      const table = constraint.get(name);
      if (table) await sql`alter table ${sql.raw(table)} drop constraint ${sql.id(name)}`.execute(trx);
      else await sql`drop index if exists ${sql.id(name)}`.execute(trx);
    }
  });
}

/**
 * Builds every index a rebuild dropped (and puts back every constraint); returns their names. Each
 * build sorts its whole table, so it gets a large `maintenance_work_mem` (the default 64 MB spills a
 * trigram GIN index of millions of rows to disk in many passes), and `parallel` of them run side by
 * side on the owner's pool (as many as it has connections), the biggest tables first.
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
      const [index, constraint] = definition.split('; ALTER TABLE ');
      await owner.transaction().execute(async (trx) => {
        await sql`set local maintenance_work_mem = '1GB'`.execute(trx);
        await sql.raw(index!.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')).execute(trx);
        if (!constraint) await sql`delete from projection_deferred_indexes where name = ${name}`.execute(trx);
      });
      if (!constraint) continue;
      // Apart from the build: this takes the table's exclusive lock, and a transaction that held the
      // build's share lock while it waited for it could deadlock with a build beside it on that table.
      await owner.transaction().execute(async (trx) => {
        const there = await sql`select 1 from pg_constraint
          where conname = ${name} and connamespace = to_regnamespace(current_schema())`.execute(trx);
        if (there.rows.length === 0) await sql.raw(`ALTER TABLE ${constraint}`).execute(trx);
        await sql`delete from projection_deferred_indexes where name = ${name}`.execute(trx);
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, build));
  return rows.map((r) => r.name);
}
