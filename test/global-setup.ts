import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLogger } from '../src/platform/logger';
import { serverBinaries, serverMajor, startPrivateCluster } from './helpers/private-cluster';
import { createTemplateDatabase } from './helpers/template-database';

/** One PostgreSQL server of the run: its URL and the migrated template on it. */
export type TestCluster = {
  url: string;
  /** A database with every migration applied, for test files to copy (CREATE DATABASE … TEMPLATE). */
  template: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: the worker with VITEST_POOL_ID n uses the n-th (test/helpers/database.ts). */
    testClusters: TestCluster[];
  }
}

type Started = {
  /** One server a worker for the files that do not crash PostgreSQL: throw-away clusters, no fsync. */
  clusters: TestCluster[];
  /** The server of the files that crash or cut off PostgreSQL: DATABASE_URL's (or the embedded one). */
  durable: TestCluster;
  stop: () => Promise<void>;
};
type Shared = { users: number; ready: Promise<Started> };

/** Vitest runs a project's global set-up once for each project that lists it, all in this one process. */
const SHARED = Symbol.for('hms.test.global-database');
const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };

/**
 * Tests need PostgreSQL: the server in DATABASE_URL (CI points it at the machine's), or else an
 * embedded one started here for the run. Each test file creates its own database, most of them as a
 * copy of the template migrated here once.
 *
 * Each worker gets a server of its own. The event feed shows an event only once every transaction older
 * than it has ended, in the whole server (the snapshot's xmin), so on one shared server a file's feed,
 * projections and waits stall behind the other worker's CREATE DATABASE and long writes: a file that
 * passes alone then fails now and then beside another.
 *
 * Where the machine's PostgreSQL programs are found (DATABASE_URL set), each worker's server is a
 * throw-away cluster of them that never waits for the disk (fsync, synchronous commit and full-page
 * writes off: nothing in it must outlive the run, and a crash of the machine ends the run anyway). The
 * files that kill PostgreSQL or cut the app off it (the project with HMS_TEST_DURABLE_CLUSTER, which runs
 * them one at a time) get DATABASE_URL's server, set up as the machine's operator set it up, so what
 * they prove about acknowledged writes is proved against a server that syncs.
 *
 * The projects that list this set-up share the servers: the first starts them, the last stops them.
 */
export default async function setup(project: TestProject) {
  const entry = (holder[SHARED] ??= { users: 0, ready: startClusters(workersOf(project)) });
  entry.users++;
  const { clusters, durable, stop } = await entry.ready;
  project.provide('testClusters', project.config.env?.HMS_TEST_DURABLE_CLUSTER ? [durable] : clusters);
  return async () => {
    if (--entry.users > 0) return;
    delete holder[SHARED];
    await stop();
  };
}

function workersOf(project: TestProject): number {
  const configured = Number(project.vitest.config.maxWorkers);
  return Number.isInteger(configured) && configured > 0 ? configured : 1;
}

async function startClusters(workers: number): Promise<Started> {
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch((e: unknown) => console.error(e));
  };
  const withTemplate = async (url: string): Promise<TestCluster> => {
    const template = await createTemplateDatabase(url);
    stops.push(template.drop);
    return { url, template: template.name };
  };
  try {
    const first = process.env.DATABASE_URL ?? (await embedded(stops));
    const binaries = process.env.DATABASE_URL ? serverBinaries(await serverMajor(first)) : null;
    if (binaries) {
      const [durable, ...clusters] = await Promise.all([
        withTemplate(first),
        ...Array.from({ length: workers }, async () => {
          const cluster = await startPrivateCluster(binaries);
          stops.push(cluster.stop);
          return withTemplate(cluster.url);
        }),
      ]);
      return { clusters, durable: durable!, stop };
    }
    if (process.env.DATABASE_URL)
      console.warn(`No PostgreSQL programs of DATABASE_URL's version here: the other workers use embedded ones.`);
    const others = await Promise.all(Array.from({ length: workers - 1 }, () => embedded(stops)));
    const clusters = await Promise.all([first, ...others].map(withTemplate));
    return { clusters, durable: clusters[0]!, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

/** An embedded PostgreSQL for the run (the package's own programs), stopped with the run. */
async function embedded(stops: (() => Promise<void>)[]): Promise<string> {
  keepVitestExitCode();
  const { startEmbeddedPostgres } = await import('../src/platform/db/embedded-postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-test-pg-'));
  const server = await startEmbeddedPostgres(dir, createLogger('warn'));
  stops.push(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return server.url;
}

let keepingExitCode = false;

/**
 * The `embedded-postgres` package, once imported, ends the process with `process.exit(0)` when its
 * event loop drains (its exit hook listens for 'beforeExit'), which would turn a failed run into a
 * passing one. Vitest sets `process.exitCode` before that: keep it. (With DATABASE_URL set and the
 * machine's PostgreSQL programs found, the package is never imported here.)
 */
function keepVitestExitCode() {
  if (keepingExitCode) return;
  keepingExitCode = true;
  let wanted: number | undefined;
  process.prependListener('beforeExit', () => {
    wanted = typeof process.exitCode === 'number' ? process.exitCode : undefined;
  });
  process.on('exit', () => {
    if (wanted) process.exitCode = wanted;
  });
}
