/**
 * Loads a backup archive into a fresh DATA_DIR (embedded PostgreSQL) or an empty database
 * (DATABASE_URL), rebuilds every read model from the events, and verifies every hospital's audit
 * trail:
 *
 *   npm run restore -- ARCHIVE [--signing-key FILE]
 *
 * BACKUP_PASSPHRASE for an encrypted archive. `--signing-key` copies the audit signing key (kept
 * apart from the backups) into DATA_DIR, so the restored server signs on where the old one stopped
 * and its old checkpoints verify (or set AUDIT_SIGNING_KEY). Exit code: 0 restored and verified, 2
 * restored but a trail does not verify, 1 not restored.
 */
import { ConfigError, loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logger';
import { runRestore } from '../src/operator';

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
  const args = process.argv.slice(2);
  const keyAt = args.indexOf('--signing-key');
  const signingKey = keyAt >= 0 ? args[keyAt + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('--') && (keyAt < 0 || i !== keyAt + 1));
  if (!file) {
    process.stderr.write('Usage: npm run restore -- ARCHIVE [--signing-key FILE]\n');
    return 1;
  }
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const report = await runRestore(config, log, {
    file,
    passphrase: process.env.BACKUP_PASSPHRASE || undefined,
    signingKey,
    out: process.stderr,
  });
  const r = report.restored;
  process.stdout.write(
    `Restored the backup of ${r.createdAt}: ${r.events} events, ${r.idempotency_answers} idempotency answers, files ${r.files.join(', ') || 'none'}; read models rebuilt.\n`,
  );
  for (const v of report.verification) {
    process.stdout.write(
      `  hospital ${v.hospitalId}: ${v.ok ? `audit trail intact (${v.checked} entries)` : `audit trail NOT verified: ${v.problem}`}\n`,
    );
  }
  if (!config.auditSigningKey && !signingKey) {
    process.stdout.write('No signing key was given: the restored server signs with a new key from now on.\n');
  }
  return report.verification.every((v) => v.ok) ? 0 : 2;
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`restore failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
