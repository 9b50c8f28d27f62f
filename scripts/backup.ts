/**
 * Writes one backup archive while the servers run:
 *
 *   npm run backup [-- --out FILE]
 *
 * A consistent snapshot of the event log and the idempotency answers, with the audit trail's signed
 * checkpoints and public key (src/platform/backup/backup.ts). With BACKUP_PASSPHRASE set it is
 * encrypted (AES-256-GCM). The audit signing key is never in it: keep it apart. Same environment as
 * the server (DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, running or not).
 */
import { ConfigError, loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logger';
import { runBackup } from '../src/operator';
import { BACKUP_NOTE } from '../src/platform/backup/backup';

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
  const at = process.argv.indexOf('--out');
  const out = at > 0 ? process.argv[at + 1] : undefined;
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const done = await runBackup(config, log, { out, passphrase: process.env.BACKUP_PASSPHRASE || undefined });
  const mb = (done.bytes / 2 ** 20).toFixed(2);
  process.stdout.write(
    `Wrote ${done.file} (${mb} MiB${done.encrypted ? ', encrypted' : ''}): ` +
      `${done.counts.events ?? 0} events, ${done.counts.idempotency_answers ?? 0} idempotency answers.\n${BACKUP_NOTE}\n`,
  );
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`backup failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
