/**
 * Rebuilds one projection: empties its tables and replays every event into it.
 *
 *   npm run projections:rebuild -- NAME
 *   npm run projections:rebuild -- --all [--concurrent]
 *
 * `--all` rebuilds every projection with a progress bar each, reading the feed once for all of
 * them; `--concurrent` instead runs a rebuild per projection side by side, each reading the feed.
 *
 * Uses the same environment as the server (DATABASE_URL, or the embedded PostgreSQL in
 * DATA_DIR; EVENT_STORE). Stop the server first: the embedded database can only be opened by
 * one process, and while a rebuild runs the projection's read model is incomplete. (If a
 * server on an external database does keep running, its runner and the rebuild share the
 * work without applying any event twice, but its users see the read model refill.)
 */
import { ConfigError, loadConfig } from '../src/platform/config';
import { migrations } from '../migrations';
import { createLogger } from '../src/platform/logger';
import { runRebuild } from '../src/platform/projections/rebuild-command';
import { modules } from '../src/modules';

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
  return runRebuild({
    migrations,
    name: process.argv[2],
    mode: process.argv.includes('--concurrent') ? 'concurrent' : 'one-pass',
    projections: modules.flatMap((m) => m.projections ?? []),
    contracts: modules.flatMap((m) => m.events ?? []),
    config,
    // Logs stay quiet so the progress bar on stderr is readable.
    log: createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel),
    out: process.stderr,
  });
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
