import { sql, type Kysely } from 'kysely';

/**
 * The definitions of the indexes a rebuild of every projection has dropped and not yet built
 * again: kept here first, so a rebuild that dies half-way leaves them for the next one to build.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table projection_deferred_indexes (
      name text primary key,
      definition text not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table projection_deferred_indexes`.execute(db);
}
