import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLogger } from '../src/platform/logger';
import { createTemplateDatabase } from './helpers/template-database';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** A database with every migration applied, for test files to copy (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
  }
}

/**
 * Tests need a PostgreSQL server: the one in DATABASE_URL (CI points it at the machine's),
 * or else an embedded one started here for the run. Each test file creates its own database,
 * most of them as a copy of the template migrated here once.
 */
export default async function setup(project: TestProject) {
  let stopServer = async () => {};
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    keepVitestExitCode();
    const { startEmbeddedPostgres } = await import('../src/platform/db/embedded-postgres');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-test-pg-'));
    const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
    serverUrl = embedded.url;
    stopServer = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  project.provide('databaseUrl', serverUrl);
  const template = await createTemplateDatabase(serverUrl);
  project.provide('templateDatabase', template.name);
  return async () => {
    await template.drop();
    await stopServer();
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
