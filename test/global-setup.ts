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

type Started = { clusters: TestCluster[]; stop: () => Promise<void> };
type Shared = { users: number; ready: Promise<Started> };

/** Vitest runs a project's global set-up once for each project that lists it, all in this one process. */
const SHARED = Symbol.for('hms.test.global-database');
const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };

/**
 * Tests need PostgreSQL: the server in DATABASE_URL (CI points it at the machine's), or else an
 * embedded one started here for the run. Each test file creates its own database, most of them as a
 * copy of the template migrated here once.
 *
 * With more than one worker, each worker gets a server of its own: the first worker DATABASE_URL's,
 * the others a throw-away cluster of the same PostgreSQL programs started here. The event feed shows
 * an event only once every transaction older than it has ended, in the whole server (the snapshot's
 * xmin), so on one shared server a file's feed, projections and waits stall behind the other worker's
 * CREATE DATABASE and long writes: a file that passes alone then fails now and then beside another.
 *
 * The projects that list this set-up share the servers: the first starts them, the last stops them.
 */
export default async function setup(project: TestProject) {
  const entry = (holder[SHARED] ??= { users: 0, ready: startClusters(workersOf(project)) });
  entry.users++;
  const { clusters, stop } = await entry.ready;
  project.provide('testClusters', clusters);
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
  try {
    const first = process.env.DATABASE_URL ?? (await embedded(stops));
    const binaries = process.env.DATABASE_URL ? serverBinaries(await serverMajor(first)) : null;
    const others = await Promise.all(
      Array.from({ length: workers - 1 }, async () => {
        if (!binaries) return embedded(stops);
        const cluster = await startPrivateCluster(binaries);
        stops.push(cluster.stop);
        return cluster.url;
      }),
    );
    const clusters = await Promise.all(
      [first, ...others].map(async (url) => {
        const template = await createTemplateDatabase(url);
        stops.push(template.drop);
        return { url, template: template.name };
      }),
    );
    return { clusters, stop };
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
