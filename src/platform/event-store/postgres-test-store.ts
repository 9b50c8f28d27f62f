import type pg from 'pg';
import { createTestDatabase } from '../../../test/helpers/database';
import { createDb, createPool, type Db } from '../db/database';
import { PostgresEventStore } from './postgres-event-store';

export type PostgresTestStore = {
  store: PostgresEventStore;
  db: Db;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
};

/** Tests only: the Postgres event store on a fresh database copied from the run's migrated template. */
export async function createPostgresTestStore(poolSize = 10): Promise<PostgresTestStore> {
  const database = await createTestDatabase('hms_t', { migrated: true });
  const pool = createPool(database.url, poolSize);
  const db = createDb(pool);
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
