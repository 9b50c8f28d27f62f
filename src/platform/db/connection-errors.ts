import type pg from 'pg';
import type { Logger } from '../logger';

/**
 * A connection that is lost (the server restarted, a backend was terminated, the network dropped)
 * emits 'error' on its pg client. Unheard, that event kills the process. pg-pool listens only
 * while a client is idle and stops while it is checked out (by Kysely, a transaction, an advisory
 * lock holder), so every client gets a listener of its own the moment it connects. The query in
 * flight on it fails with the same error and its caller answers 503; the pool replaces the client.
 */
export function guardPool<P extends pg.Pool>(pool: P, log?: Logger): P {
  const lost = (err: Error) =>
    log?.warn({ err: { message: err.message, code: codeOf(err) } }, 'database connection lost');
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  return pool;
}

/** A client of its own (not from a pool): an 'error' listener before it connects. */
export function guardClient<C extends pg.Client>(client: C, log?: Logger): C {
  client.on('error', (err) =>
    log?.warn({ err: { message: err.message, code: codeOf(err) } }, 'database connection lost'),
  );
  return client;
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
