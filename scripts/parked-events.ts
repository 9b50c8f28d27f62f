/**
 * Events a projection, reactor or live consumer set aside because of what they hold (parking):
 *
 *   npm run projections:parked                  lists them
 *   npm run projections:parked -- retry         gives every one to its consumer again
 *   npm run projections:parked -- retry EVENT   only that event
 *
 * Uses the same environment as the server (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR).
 * With the embedded database, stop the server first (one process may open it); on an external
 * database it may run beside the servers. Exit code: 0 when none is left parked (or all retried
 * applied), 2 when some are still parked, 1 on a failure to run.
 */
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/platform/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded-postgres';
import { createLogger } from '../src/platform/logger';

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
  const [verb, eventId] = process.argv.slice(2);
  if (verb !== undefined && verb !== 'retry' && verb !== 'list') {
    process.stderr.write('Usage: npm run projections:parked [-- list | retry [EVENT_ID]]\n');
    return 1;
  }
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) embedded = await startEmbeddedPostgres(config.dataDir, log);
  const built = await buildApp(
    { ...config, databaseUrl: config.databaseUrl ?? embedded!.url },
    { log, startProjections: false },
  );
  try {
    const runner = built.platform.runner;
    if (verb === 'retry') {
      for (const o of await runner.retryParked(eventId ? { eventId } : undefined)) {
        const what = `${o.consumer} ${o.eventType} ${o.eventId}`;
        process.stdout.write(o.applied ? `applied  ${what}\n` : `failed   ${what}: ${o.error}\n`);
      }
    }
    const left = await runner.parked();
    for (const p of left) {
      process.stdout.write(
        `parked   ${p.consumer} ${p.eventType} ${p.eventId} at ${p.position} since ${p.parkedAt} (${p.attempts} attempt${p.attempts === 1 ? '' : 's'}): ${p.error}\n`,
      );
    }
    process.stdout.write(`${left.length} event${left.length === 1 ? '' : 's'} parked\n`);
    return left.length ? 2 : 0;
  } finally {
    await built.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
