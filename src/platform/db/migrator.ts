import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly all: Record<string, Migration>) {}
  async getMigrations() {
    return this.all;
  }
}

/** Every migration by name: the composition root's list (`migrations/index.ts`), handed in. */
export type Migrations = Record<string, Migration>;

/** Applies every pending migration of `migrations` in name order; throws on the first failure. */
export async function migrateToLatest(db: Db, migrations: Migrations): Promise<string[]> {
  // Each module numbers its own migrations; one that lands after a later-numbered module's has
  // already run on a database is still run, since modules' tables do not depend on each other.
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(migrations),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
