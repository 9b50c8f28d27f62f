import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger';
import { guardPool } from './connection-errors';
import { prepareMarkedStatements } from './prepared';

/**
 * The read-model and platform tables. Each module adds its own tables through
 * declaration merging (`declare module '.../platform/db/database'`), so one Kysely
 * instance is typed for all of them while each module keeps its tables beside its code.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}

export type Db = Kysely<Database>;

// int8 and numeric come back as strings by default; bigint columns here are positions and
// counts that fit safely in a JS number except event positions, which the store parses itself.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export function createPool(connectionString: string, max = 10, log?: Logger): pg.Pool {
  // A client losing its connection, idle or checked out, must not crash the process (see guardPool).
  const pool = guardPool(new pg.Pool({ connectionString, max, application_name: 'hms' }), log);
  prepareMarkedStatements(pool);
  return pool;
}

export function createDb(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
