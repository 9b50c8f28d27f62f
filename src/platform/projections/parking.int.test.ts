import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient, newPatient } from '../../../test/helpers/patients-api';
import { AUDIT_TRAIL } from '../../modules/audit/read-models/audit-trail';

/**
 * One event a consumer cannot write must not stop it. The database refuses the event here as it
 * would any value it cannot store: a CHECK constraint the test adds as the owner makes the row of
 * one patient's registration unwritable, in the audit trail and in the notification history.
 */
describe('a consumer never stalls on one event', () => {
  let t: TestApp;
  let a: Onboarded;
  let owner: pg.Client;

  beforeAll(async () => {
    t = await startTestApp();
    a = await onboardHospital(t);
    owner = new pg.Client({ connectionString: t.db.url });
    await owner.connect();
  });
  afterAll(async () => {
    await owner?.end();
    await t?.close();
  });

  const register = async (lastName: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(a.token),
      payload: newPatient({ lastName }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.patient.id as string;
  };
  const caughtUp = async () => {
    const head = await t.platform.store.headPosition();
    const names = (await t.platform.runner.status()).map((s) => ({ name: s.name }));
    expect(await t.platform.waitFor(head, names, 20_000)).toBe(true);
  };
  const health = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/health', headers: asClient(a.token) })).json().data;

  it('writes the audit entry of an event it cannot describe as a chained fallback, and goes on', async () => {
    await owner.query(`alter table audit_events add constraint poison check (action not like '%Poisonous%')`);
    try {
      const poisoned = await register('Poisonous');
      const after = await register('Wholesome');
      await caughtUp();
      const { rows } = await owner.query(
        `select seq, action, patient_id, event_id::text from audit_events
          where hospital_id = $1 and event_type = 'PatientRegistered' and patient_id = any($2) order by seq`,
        [a.hospital.id, [poisoned, after]],
      );
      expect(rows).toHaveLength(2);
      const [fallback, normal] = rows;
      // In the chain, in its place, saying which event to open.
      expect(fallback.seq).not.toBeNull();
      expect(fallback.action).toBe(
        `Recorded PatientRegistered (event ${fallback.event_id}); its description could not be written`,
      );
      expect(normal.action).toMatch(/^Registered patient .*Wholesome/);
      expect(Number(normal.seq)).toBeGreaterThan(Number(fallback.seq));
      const trail = (await t.platform.runner.status()).find((s) => s.name === AUDIT_TRAIL)!;
      expect(trail.fellBack).toBe(1);
      expect(trail.failing).toBeNull();
    } finally {
      await owner.query(`alter table audit_events drop constraint poison`);
    }
    const verify = await t.app.inject({ method: 'GET', url: '/api/audit/verify', headers: asClient(a.token) });
    expect(verify.json().data).toMatchObject({ ok: true, lag: { behind: 0 } });
  });

  it('parks an event a projection cannot apply, names it in health, goes on, and applies it on retry', async () => {
    await owner.query(`alter table notifications add constraint poison check (message not like '%Toxic%')`);
    let parkedId: string;
    try {
      const poisoned = await register('Toxic');
      const later = await register('Healthy');
      await caughtUp();
      const parked = await t.platform.runner.parked();
      expect(parked).toHaveLength(1);
      expect(parked[0]).toMatchObject({ consumer: 'notifications', eventType: 'PatientRegistered', attempts: 1 });
      expect(parked[0]!.error).toMatch(/^23514 .*poison/);
      parkedId = parked[0]!.eventId;
      const { rows } = await owner.query(`select message from notifications where hospital_id = $1`, [a.hospital.id]);
      const messages = rows.map((r) => r.message as string);
      expect(messages.some((m) => m.includes('Healthy'))).toBe(true);
      expect(messages.some((m) => m.includes('Toxic'))).toBe(false);
      const h = await health();
      expect(h.status).toBe('degraded');
      expect(h.parked).toEqual([expect.objectContaining({ consumer: 'notifications', eventId: parkedId })]);
      expect(h.projections.find((p: { name: string }) => p.name === 'notifications').failing).toBeNull();
      expect(poisoned).not.toBe(later);

      // A retry while the cause is still there fails again and keeps it parked, one attempt more.
      const again = await t.platform.runner.retryParked();
      expect(again).toEqual([expect.objectContaining({ eventId: parkedId, applied: false })]);
      expect((await t.platform.runner.parked())[0]!.attempts).toBe(2);
    } finally {
      await owner.query(`alter table notifications drop constraint poison`);
    }
    // The operator removed the cause: the retry applies it and the list is empty.
    const retried = await t.platform.runner.retryParked({ eventId: parkedId });
    expect(retried).toEqual([expect.objectContaining({ eventId: parkedId, applied: true })]);
    expect(await t.platform.runner.parked()).toEqual([]);
    const { rows } = await owner.query(`select count(*)::int as n from notifications where message like '%Toxic%'`);
    expect(rows[0].n).toBeGreaterThan(0);
    expect((await health()).status).toBe('ok');
  });

  it('parks nothing when the fault is the server’s own, and catches up once it is mended', async () => {
    await owner.query(`revoke insert on notifications from hms_app`);
    try {
      await register('Unlucky');
      // The projection reports the failure and waits: it does not set events aside.
      for (let i = 0; i < 100; i++) {
        const status = (await t.platform.runner.status()).find((s) => s.name === 'notifications')!;
        if (status.failing) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const failing = (await t.platform.runner.status()).find((s) => s.name === 'notifications')!;
      expect(failing.failing).toMatch(/permission denied/);
      expect(await t.platform.runner.parked()).toEqual([]);
    } finally {
      await owner.query(`grant insert on notifications to hms_app`);
    }
    await caughtUp();
    expect(await t.platform.runner.parked()).toEqual([]);
    const { rows } = await owner.query(`select count(*)::int as n from notifications where message like '%Unlucky%'`);
    expect(rows[0].n).toBeGreaterThan(0);
  });
});
