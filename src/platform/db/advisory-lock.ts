import pg from 'pg';
import type { Logger } from '../logger';
import { guardPool } from './connection-errors';

/** How long a request waits for another holding the same lock before it gives up (an error, not a hang). */
const LOCK_WAIT_MS = 20_000;

/**
 * The connections advisory locks are held on: a few of their own, so work that holds a lock while
 * it waits on something slow (a mail server) can never take the connections commands and reads
 * need. A request beyond `max` waits for one (at most LOCK_WAIT_MS, then an error, not a hang).
 */
export function createLockPool(connectionString: string, max = 4, log?: Logger): pg.Pool {
  // A held client whose connection drops must not crash the process: its session (and lock) is
  // gone, `work`'s queries fail, and the release below discards it.
  return guardPool(
    new pg.Pool({ connectionString, max, connectionTimeoutMillis: LOCK_WAIT_MS, application_name: 'hms-locks' }),
    log,
  );
}

/**
 * Runs `work` holding a PostgreSQL session advisory lock named `name`, on a connection of its own,
 * so requests for one name run one after another across every app instance on the database. For
 * work whose side effect cannot wait for the commit (a mail sent before its events are appended):
 * the next request for the same name starts after this one has committed or failed, and decides
 * on what it wrote. `pool` is the lock pool (`createLockPool`), never the app's own: each holder keeps
 * one of its connections for as long as `work` runs. Never nest two of these.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query(`select set_config('lock_timeout', $1, false)`, [`${LOCK_WAIT_MS}ms`]);
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [name]);
  } catch (e) {
    client.release(e instanceof Error ? e : true);
    throw e;
  }
  try {
    return await work();
  } finally {
    try {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [name]);
      await client.query(`select set_config('lock_timeout', '0', false)`);
      client.release();
    } catch (e) {
      // Closing the connection ends its session, which frees the lock.
      client.release(e instanceof Error ? e : true);
    }
  }
}
