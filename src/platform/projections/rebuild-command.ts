import { sql } from 'kysely';
import type { Config } from '../config';
import { createDb, createPool, type Db } from '../db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres';
import { prepareDatabase } from '../db/app-role';
import type { Migrations } from '../db/migrator';
import { EventRegistry, type EventContract } from '../event-store/contracts';
import { EventLog } from '../event-store/event-log';
import type { EventStore, GlobalPosition } from '../event-store/port';
import { reservationContracts } from '../event-store/unique-reservation';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import type { Logger } from '../logger';
import { progressBar, progressLines } from './progress-bar';
import type { RebuildMode } from './rebuild-all';
import type { Projection } from './projection';
import { ProjectionRunner } from './runner';

export type Output = { write: (text: string) => unknown; isTTY?: boolean };

export const ALL = '--all';
const USAGE = `Usage: npm run projections:rebuild -- NAME | ${ALL} [--concurrent]`;

/**
 * `npm run projections:rebuild -- NAME` (scripts/rebuild-projection.ts): empties one
 * projection's tables and replays the whole event feed into it, with progress on `out`.
 * `-- --all`: every projection, with a bar each, the feed read once (or with `mode`
 * 'concurrent', a rebuild per projection side by side).
 * Returns the process exit code: 0 done, 1 unknown name or failure (the reason on `out`).
 */
export async function runRebuild(args: {
  name: string | undefined;
  mode?: RebuildMode;
  projections: Projection[];
  /** Every module's event contracts, so the replay sees events upcast to their current shape. */
  contracts?: readonly EventContract[];
  /** Every migration (`migrations/index.ts`), from the composition root: the database is brought up to date first. */
  migrations: Migrations;
  config: Config;
  log: Logger;
  out: Output;
}): Promise<number> {
  const { name, projections, config, log, out } = args;
  const known = projections.map((p) => p.name).sort();
  const listing = `Known projections: ${known.length ? known.join(', ') : '(none)'}`;
  if (!name) {
    out.write(`${USAGE}\n${listing}\n`);
    return 1;
  }
  if (name !== ALL && !known.includes(name)) {
    out.write(`Unknown projection "${name}". ${listing}\n`);
    return 1;
  }

  let embedded: EmbeddedDatabase | undefined;
  let db: Db | undefined;
  let owner: Db | undefined;
  let store: EventStore | undefined;
  try {
    if (!config.databaseUrl) {
      embedded = await startEmbeddedPostgres(config.dataDir, log).catch((e: unknown) => {
        const why = e instanceof Error ? e.message : String(e);
        throw new Error(`cannot start the embedded PostgreSQL in ${config.dataDir} (is the server running?): ${why}`);
      });
    }
    const ownerUrl = config.databaseUrl ?? embedded!.url;
    await prepareDatabase({
      migrations: args.migrations,
      ownerUrl,
      appUrl: config.appDatabaseUrl,
      dataDir: config.dataDir,
    });
    // As the owner: the audit trail's tables are append-only (migration 0042), and only the owner
    // may turn their triggers off to empty them (issue 33).
    const url = ownerUrl;
    const pool = createPool(url, 4);
    db = createDb(pool);
    if (config.eventStore === 'esdb') {
      const { EsdbEventStore } = await import('../event-store/esdb-event-store');
      store = await EsdbEventStore.connect(config.eventStoreUrl!);
    } else {
      store = new PostgresEventStore(pool, url);
    }
    const log_ = new EventLog(store, new EventRegistry([...reservationContracts, ...(args.contracts ?? [])]), db);
    const total = await countEvents(store, db);
    const runner = new ProjectionRunner(db, log_, { projections }, log);
    const started = Date.now();
    if (name === ALL) {
      // Two connections: the dropped indexes are built two at a time at the end (deferred-indexes.ts).
      owner = createDb(createPool(ownerUrl, 2));
      const applied = await rebuildEvery(runner, owner, projections, total, args.mode ?? 'one-pass', out);
      out.write(`Rebuilt ${projections.length} projections: ${applied} events in ${seconds(started)} s\n`);
      return 0;
    }
    let drawn = '';
    const draw = (applied: number) => {
      const line = progressBar(applied, total);
      if (line === drawn) return;
      drawn = line;
      // On a terminal the bar redraws in place; in a log each step is a line.
      out.write(out.isTTY ? `\r${line}` : `${line}\n`);
    };
    draw(0);
    const applied = await runner.rebuild(name, draw);
    draw(applied);
    if (out.isTTY) out.write('\n');
    out.write(`Rebuilt ${name}: ${applied} events in ${seconds(started)} s\n`);
    return 0;
  } catch (err) {
    out.write(
      `${out.isTTY ? '\n' : ''}Rebuilding ${name} failed: ${err instanceof Error ? err.message : String(err)}\n`,
    );
    return 1;
  } finally {
    await store?.close();
    await db?.destroy();
    await owner?.destroy();
    await embedded?.stop();
  }
}

const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
/** How often the bars are redrawn on a terminal. */
const REDRAW_MS = 200;

/**
 * Every projection rebuilt with a bar each: on a terminal the block of bars is redrawn in place;
 * in a log a projection's line is written when its bar gains a mark, so the log stays short.
 */
async function rebuildEvery(
  runner: ProjectionRunner,
  owner: Db,
  projections: Projection[],
  total: number,
  mode: RebuildMode,
  out: Output,
): Promise<number> {
  const rows = projections.map((p) => ({ name: p.name, done: 0 }));
  const marks = new Map<string, string>();
  let shown = false;
  let last = 0;
  const draw = (force: boolean) => {
    const lines = progressLines(rows, total);
    if (!out.isTTY) {
      lines.forEach((line, i) => {
        const bar = line.slice(0, line.indexOf(']'));
        if (marks.get(rows[i]!.name) === bar) return;
        marks.set(rows[i]!.name, bar);
        out.write(`${line}\n`);
      });
      return;
    }
    if (!force && Date.now() - last < REDRAW_MS) return;
    last = Date.now();
    out.write(`${shown ? `\x1b[${lines.length}A` : ''}${lines.map((l) => `\r\x1b[2K${l}\n`).join('')}`);
    shown = true;
  };
  draw(true);
  const applied = await runner.rebuildAll(
    mode,
    (name, done) => {
      rows.find((r) => r.name === name)!.done = done;
      draw(false);
    },
    { owner },
  );
  draw(true);
  return applied;
}

async function countEvents(store: EventStore, db: Db): Promise<number> {
  if (store.name === 'postgres') {
    const { rows } = await sql<{ count: string }>`select count(*) as count from events`.execute(db);
    return Number(rows[0]!.count);
  }
  let count = 0;
  let after: GlobalPosition | null = null;
  for (;;) {
    const page = await store.readAll({ after, limit: 1000 });
    if (page.length === 0) return count;
    count += page.length;
    after = page[page.length - 1]!.globalPosition;
  }
}
