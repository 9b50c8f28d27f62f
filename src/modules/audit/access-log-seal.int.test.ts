import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital } from '../../../test/helpers/onboard';
import { asClient, patientsApi } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { sealStream } from './access-log/read-seal';
import { readSealerOf } from './access-log/read-sealer';
import { verifyEveryHospital } from './verify-all';

/** Issue 34 §5: reads go to the access log, sealed in the chain; verification proves the log intact. */
describe('the access log is sealed in the chain and verified against its seals', () => {
  let t: TestApp;
  let owner: pg.Client;
  const api = patientsApi(() => t);
  const sealer = () => readSealerOf(t.platform);

  beforeAll(async () => {
    t = await startTestApp();
    // The tests seal by hand: the background round would seal reads a test means to leave pending.
    await sealer().stop();
    // The database's owner, as an attacker with the database would be.
    owner = new pg.Client({ connectionString: t.db.url });
    await owner.connect();
  });
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  async function verify(token: string) {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit/verify', headers: asClient(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  const readsOf = async (hospitalId: string) =>
    Number(
      (await owner.query<{ n: string }>('select count(*) as n from audit_reads where hospital_id = $1', [hospitalId]))
        .rows[0]!.n,
    );

  /** A fresh hospital whose receptionist registered a patient and opened the record `n` times. */
  async function hospitalWithReads(n: number) {
    const admin = await onboardHospital(t);
    const receptionist = (await hireAndSignIn(t, admin.token, 'receptionist')).token;
    const patient = await api.registered(receptionist);
    const hospitalId = admin.hospital.id;
    await readRecord(hospitalId, receptionist, patient.id, n);
    return { token: admin.token, receptionist, patientId: patient.id, hospitalId };
  }

  /** Opens the record `n` times; each answer is one row of the access log, written before it left. */
  async function readRecord(hospitalId: string, token: string, patientId: string, n: number) {
    const before = await readsOf(hospitalId);
    for (let i = 0; i < n; i++) expect((await api.get(token, patientId)).statusCode).toBe(200);
    expect(await readsOf(hospitalId)).toBe(before + n);
  }

  /**
   * Seals until none of the hospital's reads is left after its last seal: a round seals only the
   * rows committed before it started; a read answered meanwhile waits for the next round.
   */
  async function sealAll(hospitalId: string) {
    for (let tries = 0; tries < 100; tries++) {
      await sealer().sealNow();
      const { rows } = await owner.query<{ n: string }>(
        `select count(*) as n from audit_reads
          where hospital_id = $1
            and position >= coalesce((select to_position from audit_read_seal_bounds where hospital_id = $1), 0)`,
        [hospitalId],
      );
      if (rows[0]!.n === '0') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the reads were never all sealed');
  }

  /** The seal whose range holds `position`, with its chained entry. */
  async function sealCovering(hospitalId: string, position: string) {
    const { rows } = await owner.query<{ seq: string; event_id: string; count: number }>(
      `select a.seq, e.event_id::text as event_id, (e.data->>'count')::int as count
         from events e join audit_events a on a.event_id = e.event_id
        where e.stream_id = $1 and (e.data->>'fromPosition')::bigint <= $2::bigint and $2::bigint < (e.data->>'toPosition')::bigint`,
      [sealStream(hospitalId), position],
    );
    expect(rows).toHaveLength(1);
    return { seq: Number(rows[0]!.seq), eventId: rows[0]!.event_id, count: rows[0]!.count };
  }

  /** One statement with the table's append-only trigger off, as the database's owner can. */
  async function tamper(statement: string, params: unknown[]) {
    await owner.query('alter table audit_reads disable trigger audit_reads_no_update_delete');
    try {
      await owner.query(statement, params);
    } finally {
      await owner.query('alter table audit_reads enable trigger audit_reads_no_update_delete');
    }
  }

  const lastRead = async (hospitalId: string) =>
    (
      await owner.query<{ event_id: string; position: string }>(
        'select event_id::text, position::text from audit_reads where hospital_id = $1 order by position desc limit 1',
        [hospitalId],
      )
    ).rows[0]!;

  it('verifies the sealed reads as intact, and a read made after the last seal as pending, not broken', async () => {
    const h = await hospitalWithReads(3);
    const unsealed = await verify(h.token);
    // Not sealed yet is not a break.
    expect(unsealed).toMatchObject({ ok: true, reads: { sealed: 0, pending: await readsOf(h.hospitalId) } });

    await sealAll(h.hospitalId);
    const n = await readsOf(h.hospitalId);
    expect(n).toBeGreaterThanOrEqual(3);
    const sealed = await verify(h.token);
    expect(sealed).toMatchObject({ ok: true, reads: { sealed: n, pending: 0 } });
    expect(sealed.checked).toBeGreaterThan(unsealed.checked);

    await readRecord(h.hospitalId, h.receptionist, h.patientId, 1);
    expect(await verify(h.token)).toMatchObject({ ok: true, reads: { sealed: n, pending: 1 } });
    await sealAll(h.hospitalId);
    expect(await verify(h.token)).toMatchObject({ ok: true, reads: { sealed: n + 1, pending: 0 } });
  });

  it('names the seal of a read whose row was changed behind its back', async () => {
    const h = await hospitalWithReads(2);
    await sealAll(h.hospitalId);
    expect((await verify(h.token)).ok).toBe(true);
    const read = await lastRead(h.hospitalId);
    // The app's role may not, and even the owner is refused while the trigger is on.
    await expect(
      owner.query(`update audit_reads set action = 'x' where event_id = $1`, [read.event_id]),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await tamper(`update audit_reads set action = 'Viewed the list of patients' where event_id = $1`, [read.event_id]);

    const seal = await sealCovering(h.hospitalId, read.position);
    const broken = await verify(h.token);
    expect(broken.ok).toBe(false);
    expect(broken.broken).toMatchObject({
      seq: seal.seq,
      eventId: seal.eventId,
      eventType: 'ReadsSealed',
      reason: 'reads',
      seal: { count: seal.count, found: seal.count },
    });
    // The chain itself is whole: every entry checked, the seal's among them.
    expect(broken.checked).toBeGreaterThanOrEqual(seal.seq);
    expect(broken.headHash).toMatch(/^[0-9a-f]{64}$/);

    const all = await verifyEveryHospital(t.platform);
    expect(all.find((v) => v.hospitalId === h.hospitalId)).toMatchObject({
      ok: false,
      problem: `the seal at entry #${seal.seq} no longer matches the access log (${seal.count} reads sealed, ${seal.count} found)`,
    });
  });

  it('names the seal of a read deleted behind its back', async () => {
    const h = await hospitalWithReads(2);
    await sealAll(h.hospitalId);
    expect((await verify(h.token)).ok).toBe(true);
    const read = await lastRead(h.hospitalId);
    const seal = await sealCovering(h.hospitalId, read.position);
    await tamper('delete from audit_reads where event_id = $1', [read.event_id]);

    const broken = await verify(h.token);
    expect(broken.ok).toBe(false);
    expect(broken.broken).toMatchObject({
      seq: seal.seq,
      reason: 'reads',
      seal: { count: seal.count, found: seal.count - 1 },
    });
  });

  it('names the seal whose range a forged read was slipped into', async () => {
    const h = await hospitalWithReads(2);
    await sealAll(h.hospitalId);
    expect((await verify(h.token)).ok).toBe(true);
    const read = await lastRead(h.hospitalId);
    const seal = await sealCovering(h.hospitalId, read.position);
    // Inserting needs no trigger turned off: the forgery takes a position the seal covers.
    await owner.query(
      `insert into audit_reads (event_id, position, hospital_id, occurred_at, actor_id, actor_name, actor_role, action,
                                subject_type, subject_id, patient_ids, data)
       select gen_random_uuid(), position, hospital_id, occurred_at, actor_id, actor_name, actor_role, action,
              subject_type, subject_id, patient_ids, data
         from audit_reads where event_id = $1`,
      [read.event_id],
    );

    const broken = await verify(h.token);
    expect(broken.ok).toBe(false);
    expect(broken.broken).toMatchObject({
      seq: seal.seq,
      reason: 'reads',
      seal: { count: seal.count, found: seal.count + 1 },
    });
  });

  it('seals each read exactly once, across rounds and rounds asked for at once', async () => {
    const h = await hospitalWithReads(2);
    await Promise.all([sealer().sealNow(), sealer().sealNow()]);
    await sealAll(h.hospitalId);
    await readRecord(h.hospitalId, h.receptionist, h.patientId, 3);
    await Promise.all([sealer().sealNow(), sealAll(h.hospitalId)]);
    const seals = async () =>
      (
        await owner.query<{ from_tx: string; to_tx: string; count: number }>(
          `select data->>'fromPosition' as from_tx, data->>'toPosition' as to_tx, (data->>'count')::int as count
             from events where stream_id = $1 order by stream_revision`,
          [sealStream(h.hospitalId)],
        )
      ).rows;
    const written = await seals();
    expect(written.length).toBeGreaterThanOrEqual(2);
    // They tile the hospital's positions: each starts where the one before ended.
    expect(written.map((s) => s.from_tx)).toEqual(['0', ...written.slice(0, -1).map((s) => s.to_tx)]);
    expect(written.reduce((sum, s) => sum + s.count, 0)).toBe(await readsOf(h.hospitalId));
    const { rows: covered } = await owner.query<{ seals: string }>(
      `select count(e.event_id) as seals
         from audit_reads r
         left join events e on e.stream_id = $2
          and r.position >= (e.data->>'fromPosition')::bigint and r.position < (e.data->>'toPosition')::bigint
        where r.hospital_id = $1
        group by r.event_id`,
      [h.hospitalId, sealStream(h.hospitalId)],
    );
    expect(new Set(covered.map((c) => c.seals))).toEqual(new Set(['1']));
    // A round with nothing new for the hospital writes no seal for it.
    await sealer().sealNow();
    expect(await seals()).toHaveLength(written.length);
    expect(await verify(h.token)).toMatchObject({
      ok: true,
      reads: { sealed: written.reduce((s, w) => s + w.count, 0), pending: 0 },
    });
  });

  it("says in the operator's health when reads have waited too long for their seal", async () => {
    const health = async () => {
      // From this machine: the operator's detailed answer.
      const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { status: string; checks: { name: string; ok: boolean; detail: object }[] };
      return { status: data.status, seal: data.checks.find((c) => c.name === 'access-log-seal')! };
    };
    const h = await hospitalWithReads(1);
    await sealAll(h.hospitalId);
    expect((await health()).seal).toMatchObject({ ok: true, detail: { pending: 0 } });
    // A read the sealer has not reached (it is stopped here), made to look two minutes old.
    await readRecord(h.hospitalId, h.receptionist, h.patientId, 1);
    const read = await lastRead(h.hospitalId);
    await tamper("update audit_reads set occurred_at = now() - interval '2 minutes' where event_id = $1", [
      read.event_id,
    ]);
    const late = await health();
    expect(late.status).toBe('degraded');
    expect(late.seal).toMatchObject({ ok: false, detail: { pending: 1, oldestPendingAt: expect.any(String) } });
    await sealAll(h.hospitalId);
    expect(await health()).toMatchObject({ status: 'ok', seal: { ok: true, detail: { pending: 0 } } });
  });
});
