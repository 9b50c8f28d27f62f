import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { startEmbeddedPostgres } from '../db/embedded-postgres';
import type { Logger } from '../logger';

/**
 * The database owner's URL for an operator's command (backup, restore): DATABASE_URL; else the
 * embedded cluster of DATA_DIR, reached where the running server started it (its port is in
 * postmaster.pid), or started here when no server runs (and stopped by `stop`).
 */
export async function ownerDatabase(
  config: Config,
  log: Logger,
): Promise<{ url: string; stop: () => Promise<void>; embedded: 'running' | 'started' | null }> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined, embedded: null };
  const running = runningEmbeddedUrl(config.dataDir);
  if (running) return { url: running, stop: async () => undefined, embedded: 'running' };
  const started = await startEmbeddedPostgres(config.dataDir, log);
  return { url: started.url, stop: started.stop, embedded: 'started' };
}

/** The URL of the embedded cluster a live postmaster serves from DATA_DIR/pg, or null. */
export function runningEmbeddedUrl(dataDir: string): string | null {
  const pidFile = path.join(dataDir, 'pg', 'postmaster.pid');
  const passwordFile = path.join(dataDir, 'pg-password');
  if (!existsSync(pidFile) || !existsSync(passwordFile)) return null;
  // postmaster.pid: pid, data directory, start time, port, socket directory, listen address…
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  if (!pid || !port || !isAlive(Number(pid))) return null;
  const password = readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${Number(port)}/hms`;
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user (the postgres system user, under root).
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
