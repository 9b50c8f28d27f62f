import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { migrations } from '../migrations';
import { modules } from './modules';
import { verifyEveryHospital, type HospitalVerification } from './modules/audit';
import { writeArchive } from './platform/backup/archive';
import { backupLines } from './platform/backup/backup';
import { ownerDatabase } from './platform/backup/owner-database';
import { restoreArchive, type RestoreCounts } from './platform/backup/restore';
import type { Config } from './platform/config';
import { prepareDatabase } from './platform/db/app-role';
import type { Logger } from './platform/logger';
import { runRebuild, ALL, type Output } from './platform/projections/rebuild-command';

/**
 * The operator's backup and restore (scripts/backup.ts, scripts/restore.ts): the composition of the
 * platform's archive with the modules' projections (rebuilt after a restore) and the audit
 * trail's verification (reported after it).
 */

export async function runBackup(
  config: Config,
  log: Logger,
  { out, passphrase }: { out?: string; passphrase?: string } = {},
): Promise<{ file: string; bytes: number; counts: Record<string, number>; encrypted: boolean }> {
  const db = await ownerDatabase(config, log);
  try {
    const file =
      out ?? path.join(config.dataDir, 'backups', `hms-${new Date().toISOString().replace(/[:.]/g, '-')}.hmsbak`);
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    let counts: Record<string, number> = {};
    const lines = (async function* () {
      for await (const line of backupLines(db.url, config.dataDir)) {
        if (line.kind === 'end') counts = line.counts;
        yield line;
      }
    })();
    const bytes = await writeArchive(file, lines, passphrase);
    return { file, bytes, counts, encrypted: Boolean(passphrase) };
  } finally {
    await db.stop();
  }
}

export type RestoreReport = { restored: RestoreCounts; rebuilt: boolean; verification: HospitalVerification[] };

export async function runRestore(
  config: Config,
  log: Logger,
  { file, passphrase, signingKey, out }: { file: string; passphrase?: string; signingKey?: string; out: Output },
): Promise<RestoreReport> {
  const db = await ownerDatabase(config, log);
  try {
    await prepareDatabase({ migrations, ownerUrl: db.url, appUrl: config.appDatabaseUrl, dataDir: config.dataDir });
    const restored = await restoreArchive({
      file,
      passphrase,
      ownerUrl: db.url,
      dataDir: config.dataDir,
      migrations,
    });
    if (signingKey) {
      const target = path.join(config.dataDir, 'audit', 'signing-key.pem');
      mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      copyFileSync(signingKey, target);
    }
    const withDb = { ...config, databaseUrl: db.url };
    const code = await runRebuild({
      migrations,
      name: ALL,
      projections: modules.flatMap((m) => m.projections ?? []),
      contracts: modules.flatMap((m) => m.events ?? []),
      config: withDb,
      log,
      out,
    });
    if (code !== 0) throw new Error('rebuilding the read models failed');
    const built = await buildApp(withDb, { log, startProjections: false });
    try {
      return { restored, rebuilt: true, verification: await verifyEveryHospital(built.platform) };
    } finally {
      await built.close();
    }
  } finally {
    await db.stop();
  }
}
