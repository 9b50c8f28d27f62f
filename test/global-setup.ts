import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-test-pg-'));
  const embedded = await startEmbeddedPostgres(dir, createLogger('warn'));
  project.provide('databaseUrl', embedded.url);
  return async () => {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
