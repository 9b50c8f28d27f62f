import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import { migrations } from '../../../migrations';

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly all: Record<string, Migration>) {}
  async getMigrations() {
    return this.all;
  }
}

/** Applies every pending migration in name order; throws on the first failure. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(migrations) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
