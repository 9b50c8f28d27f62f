/**
 * pg_stat_statements for a benchmark's embedded cluster: which statements a load ran, how often and
 * for how long (`npm run bench:day -- --pg-stats`, `BENCH_PG_STATEMENTS=1` for bench:commands).
 */
import { createPool } from '../src/platform/db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded-postgres';
import { createLogger } from '../src/platform/logger';

/** The cluster restarted with pg_stat_statements loaded, and the extension made in the app's database. */
export async function withStatements(embedded: EmbeddedDatabase, dir: string): Promise<EmbeddedDatabase> {
  const pool = createPool(embedded.url, 1);
  await pool.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await pool.end();
  await embedded.stop();
  const again = await startEmbeddedPostgres(dir, createLogger('silent'));
  const fresh = createPool(again.url, 1);
  await fresh.query('create extension if not exists pg_stat_statements');
  await fresh.end();
  return again;
}

export async function printStatements(databaseUrl: string) {
  const pool = createPool(databaseUrl, 1);
  const { rows } = await pool.query(
    `select calls, round(total_exec_time::numeric, 0) as total_ms, round(mean_exec_time::numeric, 2) as mean_ms,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
       from pg_stat_statements order by total_exec_time desc limit 25`,
  );
  console.table(rows);
  await pool.end();
}

export async function resetStatements(databaseUrl: string) {
  const pool = createPool(databaseUrl, 1);
  await pool.query('select pg_stat_statements_reset()');
  await pool.end();
}
