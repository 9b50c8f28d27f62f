import type pg from 'pg';

/** How long a request waits for another holding the same lock before it gives up (an error, not a hang). */
const LOCK_WAIT_MS = 20_000;

/**
 * Runs `work` holding a PostgreSQL session advisory lock named `name`, on a connection of its own,
 * so requests for one name run one after another across every app instance on the database. For
 * work whose side effect cannot wait for the commit (a mail sent before its events are appended):
 * the next request for the same name starts after this one has committed or failed, and decides
 * on what it wrote. Never nest two of these: each holds a connection of the pool.
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
