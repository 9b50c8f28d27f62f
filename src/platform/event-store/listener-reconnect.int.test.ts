import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../db/database';
import { metadataFor } from './metadata';
import { PostgresEventStore } from './postgres-event-store';
import { createPostgresTestStore, type PostgresTestStore } from './postgres-test-store';

/**
 * The cross-server notification listener (issue 35 §3): its connection lost, and the database
 * refusing connections for a while (a restart), it keeps trying with backoff until it listens again,
 * and says so; it never falls back to poll speed for good.
 */
describe('the LISTEN connection after the database goes away', () => {
  let t: PostgresTestStore;
  let owner: pg.Client;
  let other: PostgresEventStore;
  let otherPool: pg.Pool;
  beforeAll(async () => {
    t = await createPostgresTestStore();
    // On another database: one cannot close the database one is connected to.
    const server = new URL(t.url);
    server.pathname = '/postgres';
    owner = new pg.Client({ connectionString: server.toString() });
    await owner.connect();
    // Another server's store on the same database: its appends reach `t.store` only through LISTEN.
    otherPool = createPool(t.url, 2);
    other = new PostgresEventStore(otherPool, t.url);
  });
  afterAll(async () => {
    await owner?.query(`alter database ${owner.escapeIdentifier(dbName())} allow_connections true`).catch(() => 0);
    await owner?.end();
    await otherPool?.end();
    await t?.close();
  });
  const dbName = () => new URL(t.url).pathname.slice(1);
  let n = 0;
  const appendElsewhere = () =>
    other.append(`elsewhere-${++n}`, [{ type: 'Loaded', data: { n }, metadata: metadataFor({ hospitalId: 'h' }) }], {
      expectedRevision: 'no_stream',
    });
  const until = async (check: () => boolean, ms: number, what: string) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('listens again after failed reconnects, and hears other servers once more', async () => {
    let heard = 0;
    const unlisten = await t.store.onAppended(() => heard++);
    expect(t.store.listenerState().state).toBe('listening');
    await appendElsewhere();
    await until(() => heard > 0, 5000, 'the first notification');

    // The database refuses new connections (as during a restart) and the listener's backend dies.
    await owner.query(`alter database ${owner.escapeIdentifier(dbName())} allow_connections false`);
    await owner.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'hms-listener'`);
    await until(() => t.store.listenerState().state === 'reconnecting', 5000, 'reconnecting');
    // Long enough for several reconnects to fail.
    await new Promise((r) => setTimeout(r, 2000));
    expect(t.store.listenerState()).toMatchObject({ state: 'reconnecting', lastError: expect.any(String) });

    await owner.query(`alter database ${owner.escapeIdentifier(dbName())} allow_connections true`);
    await until(() => t.store.listenerState().state === 'listening', 15_000, 'listening again');
    expect(t.store.listenerState().reconnects).toBe(1);
    const before = heard;
    await appendElsewhere();
    await until(() => heard > before, 5000, 'a notification after the reconnect');
    await unlisten();
    expect(t.store.listenerState().state).toBe('stopped');
  }, 40_000);
});
