import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../migrations';
import { buildApp, type BuiltApp } from '../src/app';
import { auditAnchorOf, readSealerOf } from '../src/modules/audit';
import { runBackup, runRestore } from '../src/operator';
import { readArchive, writeArchive } from '../src/platform/backup/archive';
import { loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logger';
import { startTestApp, type TestApp } from './helpers/app';
import { MIGRATION_NAMES_PER_MODULE } from './fixtures/migration-names-per-module';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { onboardHospital, randomIp, type Onboarded } from './helpers/onboard';
import { asClient, newPatient } from './helpers/patients-api';

const log = createLogger('silent');
const quiet = { write: () => true };
const PASSPHRASE = 'correct horse battery staple';

/**
 * "We can restore yesterday": a backup taken while patients are being registered, restored into a
 * fresh database and DATA_DIR, holds every write acknowledged before it began; the read models are
 * rebuilt, the audit trail verifies against the checkpoints signed before the backup, and the
 * server starts on it and serves the data.
 */
describe('backup and restore', () => {
  let t: TestApp;
  let a: Onboarded;
  const cleanup: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    a = await onboardHospital(t);
  });
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
    await t?.close();
  });

  const register = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { ...asClient(a.token), 'x-forwarded-for': randomIp() },
      payload: newPatient(),
    });
    if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json().data.patient.id as string;
  };

  const freshTarget = async () => {
    const db: TestDatabase = await createTestDatabase('hms_restore');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-restore-'));
    cleanup.push(
      () => db.drop(),
      () => rmSync(dataDir, { recursive: true, force: true }),
    );
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'restored-secret-restored-secret-42' }),
      databaseUrl: db.url,
    };
    return { db, dataDir, config };
  };

  it('backs up under load, restores into a fresh place, and every acknowledged write is there', async () => {
    for (let i = 0; i < 20; i++) await register();
    // Reads in the access log, sealed: they are not events, and the archive carries them.
    for (let i = 0; i < 3; i++) {
      const read = await t.app.inject({ method: 'GET', url: '/api/patients', headers: asClient(a.token) });
      expect(read.statusCode).toBe(200);
    }
    await readSealerOf(t.platform).sealNow();
    // Checkpoints signed before the backup: the restored trail must still match them.
    expect((await auditAnchorOf(t.platform)!.checkpointNow()).length).toBeGreaterThan(0);

    const acknowledged: string[] = [];
    let writing = true;
    const writer = (async () => {
      while (writing) acknowledged.push(await register());
    })();
    while (acknowledged.length < 5) await new Promise((r) => setTimeout(r, 20));
    const beforeBackup = [...acknowledged];
    const file = path.join(t.dataDir, 'nightly.hmsbak');
    const done = await runBackup(t.config, log, { out: file, passphrase: PASSPHRASE });
    writing = false;
    await writer;
    expect(done).toMatchObject({ file, encrypted: true });
    expect(done.bytes).toBeGreaterThan(0);
    expect(done.counts.events).toBeGreaterThan(100);

    const target = await freshTarget();
    const report = await runRestore(target.config, log, {
      file,
      passphrase: PASSPHRASE,
      signingKey: path.join(t.dataDir, 'audit', 'signing-key.pem'),
      out: quiet,
    });
    expect(report.restored.events).toBe(done.counts.events);
    expect(done.counts.audit_reads).toBeGreaterThanOrEqual(3);
    expect(report.restored.audit_reads).toBe(done.counts.audit_reads);
    expect(report.verification).toEqual([
      expect.objectContaining({ hospitalId: a.hospital.id, ok: true, problem: null }),
    ]);

    // The server starts on the restored data; the admin signs in with the same password.
    const restored: BuiltApp = await buildApp(target.config, { log });
    cleanup.push(() => restored.close());
    const login = await restored.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: { email: a.adminEmail, password: a.adminPassword },
    });
    expect(login.statusCode, login.body).toBe(200);
    const token = login.json().token as string;
    const list = await restored.app.inject({
      method: 'GET',
      url: '/api/patients?limit=100',
      headers: asClient(token),
    });
    const ids = new Set((list.json().data.patients as { id: string }[]).map((p) => p.id));
    expect(beforeBackup.filter((id) => !ids.has(id))).toEqual([]);
    // The list read just made on the restored server comes after the restored reads, and its seal
    // goes on from theirs: the access log verifies whole.
    await readSealerOf(restored.platform).sealNow();
    const verify = await restored.app.inject({ method: 'GET', url: '/api/audit/verify', headers: asClient(token) });
    expect(verify.json().data, JSON.stringify(verify.json().data)).toMatchObject({ ok: true, lag: { behind: 0 } });
    expect(verify.json().data.anchored.checkpoints).toBeGreaterThan(0);
    expect(verify.json().data.reads.sealed).toBeGreaterThan(3);
  });

  it('refuses a wrong passphrase, a changed byte and an occupied database, writing nothing', async () => {
    const file = path.join(t.dataDir, 'second.hmsbak');
    await runBackup(t.config, log, { out: file, passphrase: PASSPHRASE });

    const wrong = await freshTarget();
    await expect(runRestore(wrong.config, log, { file, passphrase: 'not it', out: quiet })).rejects.toThrow();
    expect(existsSync(path.join(wrong.dataDir, 'audit', 'checkpoints.jsonl'))).toBe(false);

    const bytes = (await import('node:fs')).readFileSync(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const changed = path.join(t.dataDir, 'changed.hmsbak');
    writeFileSync(changed, bytes);
    const target = await freshTarget();
    await expect(
      runRestore(target.config, log, { file: changed, passphrase: PASSPHRASE, out: quiet }),
    ).rejects.toThrow();

    // Into the source's own database: it holds events already.
    await expect(
      runRestore({ ...t.config, dataDir: target.dataDir }, log, { file, passphrase: PASSPHRASE, out: quiet }),
    ).rejects.toThrow(/already holds events/);
  });

  it('restores a backup an older build took, which names the migrations as they were numbered then', async () => {
    const taken = path.join(t.dataDir, 'today.hmsbak');
    const done = await runBackup(t.config, log, { out: taken });
    /** The same archive with the header's migrations as another build wrote them. */
    const naming = async (names: readonly string[], file: string) => {
      const lines = (async function* () {
        for await (const line of readArchive(taken))
          yield line.kind === 'header' ? { ...line, migrations: [...names] } : line;
      })();
      await writeArchive(file, lines);
      return file;
    };

    const older = await naming(MIGRATION_NAMES_PER_MODULE, path.join(t.dataDir, 'older-build.hmsbak'));
    const target = await freshTarget();
    const report = await runRestore(target.config, log, {
      file: older,
      signingKey: path.join(t.dataDir, 'audit', 'signing-key.pem'),
      out: quiet,
    });
    expect(report.restored.events).toBe(done.counts.events);
    expect(report.verification).toEqual([expect.objectContaining({ hospitalId: a.hospital.id, ok: true })]);

    // A migration this build lacks still means a newer build took it.
    const newer = await naming(
      [...Object.keys(migrations.byName), '0046-from-a-newer-build'],
      path.join(t.dataDir, 'newer-build.hmsbak'),
    );
    const elsewhere = await freshTarget();
    await expect(runRestore(elsewhere.config, log, { file: newer, out: quiet })).rejects.toThrow(
      'the archive comes from a newer HMS (migrations 0046-from-a-newer-build)',
    );
  });
});
