import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * This worker's PostgreSQL server and its template (test/global-setup.ts): workers running at the same
 * time never share a server, so one file's transactions never hold back another's event feed.
 */
export function workerCluster(): { url: string; template: string } {
  const clusters = inject('testClusters');
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return clusters[(Math.max(1, worker) - 1) % clusters.length]!;
}

/**
 * A fresh database on this worker's test server, so test files never collide. Empty by default;
 * `{ migrated: true }` copies the template the global set-up migrated once for the run (every
 * migration applied, the app role's grants given), so a file need not run 40 migrations itself.
 * The app still runs its migrator on it at start, which then has nothing to do.
 */
export async function createTestDatabase(
  prefix = 'hms_t',
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  const cluster = workerCluster();
  const serverUrl = cluster.url;
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = options.migrated ? ` template ${admin.escapeIdentifier(cluster.template)}` : '';
    await admin.query(`create database ${admin.escapeIdentifier(name)}${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${c.escapeIdentifier(name)} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
