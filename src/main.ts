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
    const force = setTimeout(() => process.exit(1), 15_000).unref();
    try {
      await built.close();
      await embedded?.stop();
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
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

start().catch(async (err) => {
  log.fatal({ err }, 'failed to start');
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
