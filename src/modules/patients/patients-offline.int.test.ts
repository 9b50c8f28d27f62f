import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asClient,
  newPatient,
  patientsApi,
  startPatientsSuite,
  type PatientsSuite,
} from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

/** Issue 25: what an offline device's commands carry to the server, and what the server answers on conflict. */
describe('patients: commands sent from an offline device', () => {
  let s: PatientsSuite;
  let doctor: { id: string; token: string; name: string };
  const api = patientsApi(() => s.t);
  const offline = (token: string, device: Record<string, string>) => ({ ...asClient(token), ...device });

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'nurse']);
    const d = await hireAndSignIn(s.t, s.a.token, 'doctor');
    doctor = { id: d.id, token: d.token, name: '' };
  });
  afterAll(async () => s?.t.close());

  it('keeps the device and both times in the metadata, the audit trail and the patient history', async () => {
    // Done offline the moment the hospital was registered: no device time may be earlier (issue 33 §3).
    const { rows } = await s.t.platform.pool.query<{ registered_at: Date }>(
      'select registered_at from hospitals where hospital_id = $1',
      [s.a.hospital.id],
    );
    const deviceTime = rows[0]!.registered_at.toISOString();
    const key = randomUUID();
    const id = randomUUID();
    const registered = await s.t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: offline(s.tokens.receptionist, {
        'idempotency-key': key,
        'x-device-id': 'front-desk_tablet-1',
        'x-device-time': deviceTime,
      }),
      payload: { id, ...newPatient() },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const [event] = await s.t.platform.store.readStream(`patient-${id}`);
    expect(event!.metadata).toMatchObject({ deviceId: 'front-desk_tablet-1', deviceTime, idempotencyKey: key });
    expect(Date.parse(event!.metadata.occurredAt)).toBeGreaterThan(Date.now() - 60_000);

    const note = new RegExp(`^Recorded offline on device front-desk_tablet-1 at ${deviceTime}, accepted \\d{4}-`);
    const trail = await api.call(s.a.token, 'GET', `/api/audit/events?subjectId=${id}`);
    expect(trail.statusCode, trail.body).toBe(200);
    const entry = trail.json().data.entries.find((e: { eventType: string }) => e.eventType === 'PatientRegistered');
    expect(entry.offline).toMatchObject({
      deviceId: 'front-desk_tablet-1',
      deviceTime,
      note: expect.stringMatching(note),
    });
    expect(entry.offline.acceptedAt).toBe(entry.time);

    await expect
      .poll(async () => {
        const h = await api.call(s.a.token, 'GET', `/api/patients/${id}/history`);
        const e = h.json().data.entries.find((x: { eventType: string }) => x.eventType === 'PatientRegistered');
        return e?.offline?.note ?? null;
      })
      .toMatch(note);
    // An online command has no offline origin.
    const online = await api.registered(s.tokens.receptionist);
    const plain = await api.call(s.a.token, 'GET', `/api/audit/events?subjectId=${online.id}`);
    expect(plain.json().data.entries[0].offline).toBeNull();
  });

  it('refuses a malformed or future device time, and a malformed device id, with 400', async () => {
    const p = await api.registered(s.tokens.receptionist);
    const send = (device: Record<string, string>) =>
      s.t.app.inject({
        method: 'POST',
        url: `/api/patients/${p.id}/vitals`,
        headers: offline(s.tokens.nurse, device),
        payload: { pulseRate: 80 },
      });
    for (const bad of ['yesterday', '2026-13-40T99:00:00Z', new Date(Date.now() + 10 * 60_000).toISOString()]) {
      const res = await send({ 'x-device-time': bad });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Device time must be an ISO 8601 time, not in the future',
      });
    }
    expect((await send({ 'x-device-id': 'tablet 1' })).statusCode).toBe(400);
    expect((await send({ 'x-device-id': 'x'.repeat(101) })).statusCode).toBe(400);
    const events = await s.t.platform.store.readStream(`patient-${p.id}`);
    expect(events.map((e) => e.type)).toEqual(['PatientRegistered']);
    // A device clock a little ahead of the server's is fine.
    const ahead = await send({ 'x-device-time': new Date(Date.now() + 2 * 60_000).toISOString(), 'x-device-id': 't1' });
    expect(ahead.statusCode, ahead.body).toBe(201);
  });

  it('answers a status change from a stale version with 409 and the current status, who set it and when', async () => {
    const p = await api.registered(s.tokens.receptionist);
    const byDoctor = await api.status(doctor.token, p.id, { status: 'consultation', version: p.version });
    expect(byDoctor.statusCode).toBe(200);
    const stale = await s.t.app.inject({
      method: 'PATCH',
      url: `/api/patients/${p.id}/status`,
      headers: offline(s.tokens.nurse, { 'x-device-id': 'ward-tablet', 'x-device-time': new Date().toISOString() }),
      payload: { status: 'seen', version: p.version },
    });
    expect(stale.statusCode).toBe(409);
    const current = {
      status: 'consultation',
      version: 2,
      changedBy: { id: doctor.id, name: expect.any(String) },
      changedAt: expect.any(String),
    };
    expect(stale.json()).toMatchObject({
      success: false,
      code: 'STALE_VERSION',
      message: 'This patient was changed by someone else. Review the current values and try again.',
      current,
      data: { current },
    });
    const events = await s.t.platform.store.readStream(`patient-${p.id}`);
    expect(Date.parse(stale.json().current.changedAt)).toBe(Date.parse(events[1]!.metadata.occurredAt));
    expect(events).toHaveLength(2);
  });
});
