import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  MIGRATION_LOCK_ID,
  Migrator,
  sql,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { Db } from './database';

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly all: Readonly<Record<string, Migration>>) {}
  async getMigrations() {
    return { ...this.all };
  }
}

/** Every migration, from the composition root (`migrations/index.ts`), handed in. */
export type Migrations = {
  /** Every migration by name; the names sort in the order they run. */
  readonly byName: Readonly<Record<string, Migration>>;
  /** A name an older build recorded → the same migration's name now. */
  readonly renamed: Readonly<Record<string, string>>;
};

/**
 * Rewrites the names an older build recorded to today's, in one transaction under the lock the
 * migrator itself takes (Kysely's, through the dialect adapter), so servers starting side by side
 * rename once: the others wait, then find nothing to rename, and none migrates before the names
 * are right. Returns the old names it rewrote.
 */
export async function renameRecordedMigrations(db: Db, renamed: Migrations['renamed']): Promise<string[]> {
  const old = Object.keys(renamed);
  if (old.length === 0) return [];
  const adapter = db.getExecutor().adapter;
  const lock = { lockTable: DEFAULT_MIGRATION_LOCK_TABLE, lockRowId: MIGRATION_LOCK_ID };
  const table = sql.table(DEFAULT_MIGRATION_TABLE);
  return db.connection().execute(async (connection) => {
    await adapter.acquireMigrationLock(connection, lock);
    try {
      return await connection.transaction().execute(async (trx) => {
        const { rows: found } = await sql<{ present: boolean }>`
          select to_regclass(${DEFAULT_MIGRATION_TABLE}) is not null as present`.execute(trx);
        if (!found[0]?.present) return [];
        const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(trx);
        const recorded = new Set(rows.map((r) => r.name));
        const moves = old.filter((name) => recorded.has(name));
        const both = moves.filter((name) => recorded.has(renamed[name]!));
        if (both.length) {
          throw new Error(
            `${DEFAULT_MIGRATION_TABLE} records migrations under both their old and new names: ${both
              .map((name) => `${name} and ${renamed[name]}`)
              .join(', ')}`,
          );
        }
        if (moves.length === 0) return [];
        await sql`
          update ${table} as m set name = r.new_name
            from unnest(${moves}::text[], ${moves.map((name) => renamed[name]!)}::text[]) as r (old_name, new_name)
           where m.name = r.old_name`.execute(trx);
        return moves;
      });
    } finally {
      await adapter.releaseMigrationLock(connection, lock);
    }
  });
}

/**
 * Applies every pending migration in name order; throws on the first failure. Names an older build
 * recorded are brought up to date first, so a renamed migration is neither run again nor skipped.
 */
export async function migrateToLatest(db: Db, migrations: Migrations): Promise<string[]> {
  await renameRecordedMigrations(db, migrations.renamed);
  // Numbered in one sequence now, but a database migrated while each module numbered its own may
  // have run a migration after a later-numbered one (it landed after that one had run): its order
  // is not checked, and what it lacks still runs, in name order.
  const migrator = new Migrator({
    db,
    provider: new StaticMigrationProvider(migrations.byName),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
