import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLogger } from '../src/platform/logger';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * Tests need a PostgreSQL server: the one in DATABASE_URL (CI points it at the machine's),
 * or else an embedded one started here for the run. Each test file creates its own database.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return;
  }
  keepVitestExitCode();
  const { startEmbeddedPostgres } = await import('../src/platform/db/embedded-postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-test-pg-'));
  const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
  project.provide('databaseUrl', embedded.url);
  return async () => {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * The `embedded-postgres` package, once imported, ends the process with `process.exit(0)` when its
 * event loop drains (its exit hook listens for 'beforeExit'), which would turn a failed run into a
 * passing one. Vitest sets `process.exitCode` before that: keep it. (With DATABASE_URL set the
 * package is never imported here.)
 */
function keepVitestExitCode() {
  let wanted: number | undefined;
  process.prependListener('beforeExit', () => {
    wanted = typeof process.exitCode === 'number' ? process.exitCode : undefined;
  });
  process.on('exit', () => {
    if (wanted) process.exitCode = wanted;
  });
}
