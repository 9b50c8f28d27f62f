import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MIGRATION_LOCK_TABLE, MIGRATION_LOCK_ID, Migrator, sql, type Migration } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../migrations';
import { createDb, createPool, type Db } from '../src/platform/db/database';
import { migrateToLatest, renameRecordedMigrations } from '../src/platform/db/migrator';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { startServerProcess, type ServerProcess } from './helpers/server-process';
import { MIGRATION_NAMES_PER_MODULE } from './fixtures/migration-names-per-module';

type Recorded = { name: string; timestamp: string };

const now = (name: string) => (Object.hasOwn(migrations.renamed, name) ? migrations.renamed[name]! : name);
/** The migrations added since the renumbering: an old-named database has yet to run them, once. */
const ADDED_SINCE = Object.keys(migrations.byName).filter(
  (name) => !MIGRATION_NAMES_PER_MODULE.map(now).includes(name),
);
/** The rows an older build recorded, leaving out those of the migrations added since. */
const olderRows = (rows: Recorded[]) => rows.filter((r) => !ADDED_SINCE.includes(r.name));

/**
 * A database an older build migrated, while each module numbered its own migrations, has those names
 * in `kysely_migration`. Today's build renames them before it migrates: no migration runs again, none
 * is skipped, and the schema ends as a new database's.
 */
describe('a database migrated under the old migration names', () => {
  const cleanup: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  const database = async (options: { migrated?: boolean } = {}): Promise<{ tdb: TestDatabase; db: Db }> => {
    const tdb = await createTestDatabase('hms_renamed', options);
    const db = createDb(createPool(tdb.url, 3));
    cleanup.push(
      () => tdb.drop(),
      () => db.destroy(),
    );
    return { tdb, db };
  };

  /** Migrates `db` as an older build did: its names, its order (Kysely's), the same migrations' code. */
  const asAnOlderBuild = async (db: Db, names: readonly string[] = MIGRATION_NAMES_PER_MODULE) => {
    const byOldName: Record<string, Migration> = {};
    for (const name of names) byOldName[name] = migrations.byName[now(name)]!;
    const older = new Migrator({ db, provider: { getMigrations: async () => byOldName } });
    const { error } = await older.migrateToLatest();
    if (error) throw error;
    return (await recorded(db)).map((r) => ({ ...r, name: now(r.name) }));
  };

  const recorded = async (db: Db): Promise<Recorded[]> =>
    (await sql<Recorded>`select name, timestamp from kysely_migration order by name collate "C"`.execute(db)).rows;

  it('upgrades with no migration run again, every old name renamed, and the schema of a new database', async () => {
    const { db } = await database();
    const before = await asAnOlderBuild(db);
    expect((await recorded(db)).map((r) => r.name)).toEqual(MIGRATION_NAMES_PER_MODULE);

    expect(await migrateToLatest(db, migrations)).toEqual(ADDED_SINCE);
    // The same rows, renamed: each migration's time is the one it ran at under the older build.
    expect(olderRows(await recorded(db))).toEqual(before);
    expect([...before.map((r) => r.name), ...ADDED_SINCE]).toEqual(Object.keys(migrations.byName));

    const fresh = await database({ migrated: true });
    const schema = await schemaOf(db);
    expect(schema).toEqual(await schemaOf(fresh.db));
    for (const kind of ['table', 'column', 'constraint', 'index', 'trigger', 'function']) {
      expect(
        schema.some((item) => item.startsWith(`${kind} `)),
        kind,
      ).toBe(true);
    }

    // Again: nothing to rename, nothing to run.
    expect(await renameRecordedMigrations(db, migrations.renamed)).toEqual([]);
    expect(await migrateToLatest(db, migrations)).toEqual([]);
    expect(olderRows(await recorded(db))).toEqual(before);
  });

  it('runs what the older build had not, under its new name, and nothing else', async () => {
    const { db } = await database();
    const older = MIGRATION_NAMES_PER_MODULE.slice(0, -2);
    await asAnOlderBuild(db, older);
    expect(await migrateToLatest(db, migrations)).toEqual([
      '0044-identity-first-password-change',
      '0045-audit-events-by-type',
      ...ADDED_SINCE,
    ]);
    expect((await recorded(db)).map((r) => r.name)).toEqual(Object.keys(migrations.byName));
    const fresh = await database({ migrated: true });
    expect(await schemaOf(db)).toEqual(await schemaOf(fresh.db));
  });

  it('renames under the migration lock: while another holds it, the names stay as they were', async () => {
    const { tdb, db } = await database();
    await asAnOlderBuild(db);
    // The lock Kysely's migrator takes, taken the way it takes it, on a connection of another pool.
    const lockDb = createDb(createPool(tdb.url, 1));
    cleanup.push(() => lockDb.destroy());
    const lock = { lockTable: DEFAULT_MIGRATION_LOCK_TABLE, lockRowId: MIGRATION_LOCK_ID };
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holding = lockDb.connection().execute(async (c) => {
      await c.getExecutor().adapter.acquireMigrationLock(c, lock);
      locked();
      await new Promise<void>((r) => (release = r));
      await c.getExecutor().adapter.releaseMigrationLock(c, lock);
    });
    await isLocked;

    const upgrading = migrateToLatest(db, migrations);
    await waitForAdvisoryLockWaiter(db);
    expect((await recorded(db)).map((r) => r.name)).toEqual(MIGRATION_NAMES_PER_MODULE);

    release();
    await holding;
    expect(await upgrading).toEqual(ADDED_SINCE);
    expect((await recorded(db)).map((r) => r.name)).toEqual(Object.keys(migrations.byName));
  });

  it('two servers starting at once both come up, the names renamed once and no migration run', async () => {
    const { tdb, db } = await database();
    const before = await asAnOlderBuild(db);
    const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'hms-renamed-')));
    const servers: ServerProcess[] = [];
    cleanup.push(async () => {
      await Promise.all(servers.map((s) => s.kill()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });
    const started = await Promise.allSettled(
      dirs.map((dataDir) => startServerProcess({ databaseUrl: tdb.url, dataDir })),
    );
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'healthy'))).toEqual([
      'healthy',
      'healthy',
    ]);
    expect(olderRows(await recorded(db))).toEqual(before);
    expect((await recorded(db)).map((r) => r.name)).toEqual(Object.keys(migrations.byName));
  }, 240_000);

  it('refuses a table that records one migration under both its old and its new name', async () => {
    const { db } = await database();
    await sql`create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
      db,
    );
    await sql`insert into kysely_migration values ('0300-notifications', 'a'), ('0021-notifications', 'b')`.execute(db);
    await expect(migrateToLatest(db, migrations)).rejects.toThrow(
      'kysely_migration records migrations under both their old and new names: 0300-notifications and 0021-notifications',
    );
  });
});

/** Until a connection to this database waits for an advisory lock (the migration lock). */
async function waitForAdvisoryLockWaiter(db: Db): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
       where l.locktype = 'advisory' and not l.granted and a.datname = current_database()`.execute(db);
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('nothing waited for the migration lock');
}

/** Everything the migrations make, as text: tables and their columns, keys, indexes, triggers, functions. */
async function schemaOf(db: Db): Promise<string[]> {
  const { rows } = await sql<{ item: string }>`
    select 'table ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce(array_to_string(c.reloptions, ','), '') as item
      from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
    union all
    select 'column ' || table_name || '.' || column_name || ' #' || ordinal_position || ' ' || data_type || ' '
           || is_nullable || ' ' || coalesce(column_default, '')
      from information_schema.columns where table_schema = 'public'
    union all
    select 'statistics ' || a.attrelid::regclass || '.' || a.attname || ' ' || a.attstattarget
      from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = 'public'::regnamespace and a.attnum > 0 and a.attstattarget >= 0
    union all
    select 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace = 'public'::regnamespace
    union all
    select 'index ' || indexdef from pg_indexes where schemaname = 'public'
    union all
    select 'trigger ' || pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
     where c.relnamespace = 'public'::regnamespace and not t.tgisinternal
    union all
    select 'function ' || pg_get_functiondef(p.oid) from pg_proc p
     where p.pronamespace = 'public'::regnamespace and p.prokind in ('f', 'p')
    union all
    select 'view ' || viewname || ' ' || definition from pg_views where schemaname = 'public'
    union all
    select 'extended statistics ' || stxname from pg_statistic_ext where stxnamespace = 'public'::regnamespace
    order by 1`.execute(db);
  return rows.map((r) => r.item);
}
