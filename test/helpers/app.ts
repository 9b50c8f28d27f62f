import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions, type BuiltApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/platform/config';
import { createLogger } from '../../src/platform/logger';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = BuiltApp & { db: TestDatabase; dataDir: string; config: Config & { databaseUrl: string } };

/** The real application (Fastify, PostgreSQL, projections) on a fresh database and data dir. */
export async function startTestApp(options: BuildOptions & { env?: Record<string, string> } = {}): Promise<TestApp> {
  const db = await createTestDatabase('hms_t', { migrated: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-test-data-'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-42',
      // Tests simulate many client addresses with X-Forwarded-For.
      TRUST_PROXY: 'true',
      ...options.env,
    }),
    databaseUrl: db.url,
  };
  const built = await buildApp(config, { log: createLogger(config.logLevel), ...options });
  return {
    ...built,
    db,
    dataDir,
    config,
    close: async () => {
      await built.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let shared: Promise<TestApp> | undefined;

/**
 * One app for the files of a worker that need nothing of an app's own (a database to tamper with, an
 * env, a clock): each such file still onboards its own hospitals, which tenancy keeps apart from every
 * other file's. A worker runs file after file (`isolate: false` in vitest.config.ts), so the app's
 * database copy, build and close are paid once a worker instead of once a file. `close()` leaves it
 * running for the next file; Vitest ends the worker (SIGTERM) after its last file, and the run's
 * throw-away PostgreSQL servers go with the run.
 */
export function sharedTestApp(): Promise<TestApp> {
  if (!shared) {
    const started = startTestApp();
    shared = started.then((app) => {
      process.once('SIGTERM', () => {
        rmSync(app.dataDir, { recursive: true, force: true });
        process.exit(0);
      });
      return { ...app, close: async () => {} };
    });
    // A failed start is not kept: the next file tries again.
    started.catch(() => (shared = undefined));
  }
  return shared;
}
