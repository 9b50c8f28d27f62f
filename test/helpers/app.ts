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
