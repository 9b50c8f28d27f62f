import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase } from '../../../test/helpers/database';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';
import { createLogger } from '../../platform/logger';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient, newPatient } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { auditAnchorOf } from './anchoring/anchor';
import { CheckpointFile, type SignedCheckpoint } from './anchoring/checkpoint-file';
import { chainHash, GENESIS, STORED_EVENT_COLUMNS, type StoredEvent } from './chain';
import { verifyChain } from './verify';

/**
 * Issue 21, item 8: the database's superuser deletes or rewrites events and re-seals the chain
 * with the project's own code, so that the chain kept in the database verifies again. The signed
 * checkpoints, kept outside the database, still name the first checkpoint that no longer holds.
 */
describe('verify checks the chain against checkpoints signed outside the database', () => {
  let t: TestApp;
  let owner: pg.Client;
  const hospitals: { admin: Onboarded; receptionist: string }[] = [];

  const register = async (receptionist: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(receptionist),
      payload: newPatient(),
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const verify = async (admin: Onboarded) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit/verify', headers: asClient(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const checkpointNow = () => auditAnchorOf(t.platform)!.checkpointNow();
  /**
   * Signs until nothing moves any more (reactors append after a request has been answered), and
   * gives the newest checkpoint of each hospital.
   */
  const settledCheckpoints = async () => {
    const newest = new Map<string, SignedCheckpoint>();
    for (let i = 0; i < 50; i++) {
      const signed = await checkpointNow();
      for (const c of signed) newest.set(c.hospitalId, c);
      if (signed.length === 0 && i > 0) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    return [...newest.values()];
  };

  /** As the superuser: past the append-only trigger, then the chain in `audit_events` recomputed. */
  async function tamper(hospitalId: string, work: (c: pg.Client) => Promise<unknown>) {
    await owner.query('begin');
    await owner.query('set local session_replication_role = replica');
    await work(owner);
    await reseal(hospitalId);
    await owner.query('commit');
  }

  /** Re-seals a hospital's chain with the project's own chain code, so the old verify passes. */
  async function reseal(hospitalId: string) {
    await owner.query(
      `delete from audit_events a where hospital_id = $1 and not exists (select 1 from events e where e.event_id = a.event_id)`,
      [hospitalId],
    );
    const { rows: entries } = await owner.query<{ position: string; event_id: string }>(
      `select position::text, event_id::text from audit_events where hospital_id = $1 and seq is not null order by seq`,
      [hospitalId],
    );
    const { rows: stored } = await owner.query<StoredEvent>(
      `select ${STORED_EVENT_COLUMNS} from events where event_id = any($1::uuid[])`,
      [entries.map((e) => e.event_id)],
    );
    const byId = new Map(stored.map((s) => [s.event_id, s]));
    let hash = GENESIS;
    let seq = 0;
    for (const e of entries) {
      hash = chainHash(hash, byId.get(e.event_id)!);
      seq++;
      await owner.query('update audit_events set seq = $1, hash = $2 where position = $3', [seq, hash, e.position]);
    }
    await owner.query('delete from audit_chain_heads where hospital_id = $1', [hospitalId]);
    await owner.query('insert into audit_chain_heads (hospital_id, seq, hash) values ($1, $2, $3)', [
      hospitalId,
      seq,
      hash,
    ]);
  }

  beforeAll(async () => {
    t = await startTestApp();
    owner = new pg.Client({ connectionString: t.db.url });
    await owner.connect();
    for (let i = 0; i < 4; i++) {
      const admin = await onboardHospital(t);
      const receptionist = (await hireAndSignIn(t, admin.token, 'receptionist')).token;
      hospitals.push({ admin, receptionist });
      await register(receptionist);
    }
  });
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  let first: SignedCheckpoint[];
  let second: SignedCheckpoint[];
  const of = (list: SignedCheckpoint[], h: Onboarded) => list.find((c) => c.hospitalId === h.hospital.id)!;
  /**
   * The first checkpoint in the file of a hospital's with at least `seq` entries: the one verify
   * names. Signing until nothing moves can sign a head on its way (the trail still following the
   * feed), so it need not be the newest of a settled round.
   */
  const firstSignedFrom = (h: Onboarded, seq: number) =>
    auditAnchorOf(t.platform)!
      .file.read()
      .map((l) => l.checkpoint)
      .find((c) => c?.hospitalId === h.hospital.id && c.seq >= seq)!;

  it('signs each moved head into the append-only file, and verifies an untouched chain against it', async () => {
    first = await settledCheckpoints();
    for (const h of hospitals) await register(h.receptionist);
    // A checkpoint between the two rounds: the tampering below is named by the first that no longer holds.
    await settledCheckpoints();
    for (const h of hospitals) await register(h.receptionist);
    second = await settledCheckpoints();
    // Nothing moved since: nothing new is signed.
    expect(await checkpointNow()).toEqual([]);
    for (const { admin } of hospitals) {
      expect(of(second, admin).seq).toBeGreaterThan(of(first, admin).seq);
      const answer = await verify(admin);
      expect(answer).toMatchObject({ ok: true, anchored: { last: { seq: of(second, admin).seq } } });
      expect(answer.anchored.checkpoints).toBeGreaterThanOrEqual(2);
      expect(answer.checkpoint).toBeUndefined();
    }
    const lines = readFileSync(auditAnchorOf(t.platform)!.file.path, 'utf8').trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(first.length + second.length);
  });

  it('names the checkpoint whose entries were deleted from the tail (and re-sealed)', async () => {
    const { admin } = hospitals[0]!;
    const hospitalId = admin.hospital.id;
    const cut = firstSignedFrom(admin, of(first, admin).seq + 1);
    expect(cut.seq).toBeLessThanOrEqual(of(second, admin).seq);
    // Every event after the first checkpoint, up to and beyond the second, is gone.
    await tamper(hospitalId, (c) =>
      c.query(
        `delete from events where coalesce(metadata->>'hospitalId', '') = $1 and (transaction_id, position) > ($2::xid8, $3::bigint)`,
        [hospitalId, of(first, admin).tx, of(first, admin).position],
      ),
    );
    // Before: the chain in the database says all is well.
    expect(await verifyChain(t.platform.db, hospitalId)).toMatchObject({ ok: true });
    const answer = await verify(admin);
    expect(answer).toMatchObject({
      ok: false,
      checkpoint: { seq: cut.seq, hash: cut.hash, at: cut.at, reason: 'missing', found: null },
    });
  });

  it('names the checkpoint after an event deleted from the middle and the chain re-sealed', async () => {
    const { admin } = hospitals[1]!;
    const hospitalId = admin.hospital.id;
    const { rows } = await owner.query<{ event_id: string }>(
      `select event_id::text from events where coalesce(metadata->>'hospitalId', '') = $1
          and (transaction_id, position) > ($2::xid8, $3::bigint) and type = 'PatientRegistered'
        order by transaction_id, position limit 1`,
      [hospitalId, of(first, admin).tx, of(first, admin).position],
    );
    const { rows: entry } = await owner.query<{ seq: string }>(
      'select seq::text from audit_events where event_id = $1',
      [rows[0]!.event_id],
    );
    await tamper(hospitalId, (c) => c.query('delete from events where event_id = $1', [rows[0]!.event_id]));
    // The hospital's day goes on: the chain grows past the checkpoint's entry count again.
    await register(hospitals[1]!.receptionist);
    await register(hospitals[1]!.receptionist);
    expect(await verify(admin)).toMatchObject({ checked: expect.any(Number) });
    expect(await verifyChain(t.platform.db, hospitalId)).toMatchObject({ ok: true });
    const answer = await verify(admin);
    const expected = firstSignedFrom(admin, Number(entry[0]!.seq));
    expect(expected.seq).toBeLessThanOrEqual(of(second, admin).seq);
    expect(answer).toMatchObject({
      ok: false,
      checkpoint: { seq: expected.seq, hash: expected.hash, reason: 'changed' },
    });
    expect(answer.checkpoint.found).toMatch(/^[0-9a-f]{64}$/);
    expect(answer.checkpoint.found).not.toBe(expected.hash);
  });

  it('names the first checkpoint when the whole chain is replaced and re-sealed', async () => {
    const { admin } = hospitals[2]!;
    const hospitalId = admin.hospital.id;
    await tamper(hospitalId, (c) =>
      c.query(`update events set data = data || '{"forged": true}' where coalesce(metadata->>'hospitalId', '') = $1`, [
        hospitalId,
      ]),
    );
    expect(await verifyChain(t.platform.db, hospitalId)).toMatchObject({ ok: true });
    const answer = await verify(admin);
    expect(answer).toMatchObject({
      ok: false,
      checkpoint: { seq: firstSignedFrom(admin, 1).seq, hash: firstSignedFrom(admin, 1).hash, reason: 'changed' },
    });
    // The other hospitals' checkpoints still hold.
    expect((await verify(hospitals[3]!.admin)).ok).toBe(true);
  });

  it('reports a checkpoint line altered in the file by its line number', async () => {
    const { admin } = hospitals[3]!;
    const file = auditAnchorOf(t.platform)!.file.path;
    const lines = readFileSync(file, 'utf8').split('\n');
    const index = lines.findIndex((l) => l.includes(admin.hospital.id));
    const forged = JSON.parse(lines[index]!) as SignedCheckpoint;
    lines[index] = JSON.stringify({ ...forged, hash: forged.hash.replace(/^./, forged.hash[0] === 'a' ? 'b' : 'a') });
    writeFileSync(file, lines.join('\n'));
    const answer = await verify(admin);
    expect(answer).toMatchObject({ ok: false, checkpoint: { line: index + 1, reason: 'signature' } });
  });
});

describe('when checkpoints are taken', () => {
  async function server(seconds: string) {
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-anchor-'));
    const config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'test-secret-test-secret-test-secret-42',
        TRUST_PROXY: 'true',
        AUDIT_CHECKPOINT_SECONDS: seconds,
      }),
      databaseUrl: db.url,
    };
    const built = await buildApp(config, { log: createLogger('silent') });
    const file = new CheckpointFile(dataDir);
    return {
      built,
      dataDir,
      signedFor: (hospitalId: string) => file.read().filter((l) => l.checkpoint?.hospitalId === hospitalId),
      dispose: async () => {
        await built.close();
        await db.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  it('on a timer, every AUDIT_CHECKPOINT_SECONDS while the head moves', async () => {
    const s = await server('1');
    try {
      const admin = await onboardHospital({ app: s.built.app, dataDir: s.dataDir });
      const deadline = Date.now() + 10_000;
      while (s.signedFor(admin.hospital.id).length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(s.signedFor(admin.hospital.id).length).toBeGreaterThan(0);
    } finally {
      await s.dispose();
    }
  });

  it('at a clean shutdown, with the timer off (AUDIT_CHECKPOINT_SECONDS=0)', async () => {
    const s = await server('0');
    try {
      const admin = await onboardHospital({ app: s.built.app, dataDir: s.dataDir });
      await hireAndSignIn({ app: s.built.app, dataDir: s.dataDir }, admin.token, 'receptionist');
      await new Promise((r) => setTimeout(r, 300));
      expect(s.signedFor(admin.hospital.id)).toEqual([]);
      const { rows } = await s.built.platform.pool.query<{ n: number }>(
        `select count(*)::int as n from events where metadata->>'hospitalId' = $1`,
        [admin.hospital.id],
      );
      await s.built.close();
      expect(s.signedFor(admin.hospital.id).at(-1)?.checkpoint?.seq).toBeGreaterThanOrEqual(rows[0]!.n);
      // The key and the checkpoints are for the server's user alone.
      for (const name of ['signing-key.pem', 'checkpoints.jsonl']) {
        expect(statSync(path.join(s.dataDir, 'audit', name)).mode & 0o777, name).toBe(0o600);
      }
    } finally {
      await s.dispose();
    }
  });
});
