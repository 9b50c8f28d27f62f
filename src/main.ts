import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './platform/config';
import { dropPackageSignalHooks, startEmbeddedPostgres, type EmbeddedDatabase } from './platform/db/embedded-postgres';
import { createLogger } from './platform/logger';

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    process.stderr.write(`${e.message}\n`);
    process.exit(1);
  }
  throw e;
}

const log = createLogger(config.logLevel);
let embedded: EmbeddedDatabase | undefined;

/** Stops the embedded PostgreSQL, if this process started one, at most within `ms`. */
async function stopEmbedded(ms = 10_000): Promise<void> {
  if (!embedded) return;
  const cluster = embedded;
  embedded = undefined;
  await Promise.race([cluster.stop(), new Promise((r) => setTimeout(r, ms).unref())]).catch(() => undefined);
}

// A last resort, never the fix: every background loop catches its own failures. A promise nobody
// awaited is logged, not allowed to end the process that serves the hospital.
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
// A real crash: the process cannot go on, but it does not leave its PostgreSQL running without an owner.
process.on('uncaughtException', (err) => {
  log.fatal({ err }, 'uncaught exception; stopping');
  void stopEmbedded().finally(() => process.exit(1));
});

async function start() {
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir, log);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  const built = await buildApp({ ...config, databaseUrl }, { log });
  await built.app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => void stopEmbedded(5_000).finally(() => process.exit(1)), 15_000).unref();
    try {
      await built.close();
      await stopEmbedded();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // The shutdown above stops the embedded cluster after the app: the package's own signal hooks
  // would stop PostgreSQL under the closing app and exit 143 half-way through it.
  dropPackageSignalHooks();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
}

start().catch(async (err) => {
  log.fatal({ err }, 'failed to start');
  // The reason on stderr too, whatever the log level: PostgreSQL's own words when it would not start.
  if (!log.isLevelEnabled('fatal'))
    process.stderr.write(`failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  await stopEmbedded();
  process.exit(1);
});
