import type pg from 'pg';
import { createTestDatabase } from '../../../test/helpers/database';
import { createDb, createPool, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrator';
import { PostgresEventStore } from './postgres-event-store';

export type PostgresTestStore = {
  store: PostgresEventStore;
  db: Db;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
};

/** Tests only: the Postgres event store on a fresh, migrated database of the test server. */
export async function createPostgresTestStore(poolSize = 10): Promise<PostgresTestStore> {
  const database = await createTestDatabase('hms_t', { migrated: true });
  const pool = createPool(database.url, poolSize);
  const db = createDb(pool);
  await migrateToLatest(db);
  return {
    store: new PostgresEventStore(pool, database.url),
    db,
    pool,
    url: database.url,
    close: async () => {
      await db.destroy();
      await database.drop();
    },
  };
}
