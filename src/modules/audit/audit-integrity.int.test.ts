import pg from 'pg';
import { migrations } from '../../../migrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asClient, patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { runRebuild } from '../../platform/projections/rebuild-command';
import { modules } from '..';
import { auditTrailProjection } from './read-models/audit-trail';

/** Tamper evidence, and who may read the trail: roles (403) and other hospitals (404). */
describe('the trail is tamper-evident and only for its hospital', () => {
  let s: PatientsSuite;
  let client: pg.Client;
  let compliance: string;
  const api = patientsApi(() => s.t);
  const get = (token: string, url: string) => s.t.app.inject({ method: 'GET', url, headers: asClient(token) });

  beforeAll(async () => {
    // An app of its own: this file tampers with the trail.
    s = await startPatientsSuite(['doctor', 'receptionist'], { ownApp: true });
    compliance = (await hireAndSignIn(s.t, s.a.token, 'compliance_officer')).token;
    client = new pg.Client({ connectionString: s.t.db.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await s?.t.close();
  });

  async function verify(token = s.tokens.admin) {
    const res = await get(token, '/api/audit/verify');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it('rebuilds to the very same chain: the hashes depend on the stored events alone', async () => {
    await api.registered(s.tokens.receptionist);
    await verify();
    const chain = () =>
      s.t.platform.db
        .selectFrom('audit_events')
        .select(['hospital_id', 'seq', 'hash', 'event_id', 'action', 'primary_entry'])
        .orderBy('position')
        .execute();
    const before = await chain();
    expect(before.length).toBeGreaterThan(10);
    // A rebuild runs as the owner (the trail's tables are append-only to the app, issue 33).
    await expect(s.t.platform.runner.rebuild('audit-trail')).rejects.toThrow(/must be owner of table audit_events/);
    const code = await runRebuild({
      migrations,
      name: 'audit-trail',
      projections: [auditTrailProjection],
      contracts: modules.flatMap((m) => m.events ?? []),
      config: { ...s.t.config, databaseUrl: s.t.db.url },
      log: s.t.platform.log,
      out: { write: () => true, isTTY: false } as never,
    });
    expect(code).toBe(0);
    expect(await chain()).toEqual(before);
  });

  it('refuses to update or delete an event in the database itself', async () => {
    await expect(
      client.query(`update events set data = '{}' where position = (select min(position) from events)`),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(
      client.query(`delete from events where position = (select min(position) from events)`),
    ).rejects.toThrow(/append-only: DELETE refused/);
    await expect(client.query(`truncate events`)).rejects.toThrow(/append-only: TRUNCATE refused/);
  });

  it('verifies an untouched chain, then names the event edited behind its back', async () => {
    const patient = await api.registered(s.tokens.receptionist);
    await api.status(s.tokens.doctor, patient.id, { status: 'consultation' });
    const clean = await verify();
    expect(clean.ok).toBe(true);
    expect(clean.checked).toBeGreaterThan(5);
    expect(clean.headHash).toMatch(/^[0-9a-f]{64}$/);

    const { rows } = await client.query<{ event_id: string }>(
      `select event_id::text from events where type = 'PatientRegistered' and data->>'patientId' = $1`,
      [patient.id],
    );
    const eventId = rows[0]!.event_id;
    await client.query('alter table events disable trigger events_no_update_delete');
    await client.query(`update events set data = jsonb_set(data, '{lastName}', '"Mallory"') where event_id = $1`, [
      eventId,
    ]);
    await client.query('alter table events enable trigger events_no_update_delete');

    const broken = await verify(compliance);
    expect(broken.ok).toBe(false);
    expect(broken.broken).toMatchObject({ eventId, eventType: 'PatientRegistered', reason: 'changed' });
    expect(broken.checked).toBe(broken.broken.seq - 1);
    // The other hospital's chain is its own and still whole.
    expect((await verify(s.b.token)).ok).toBe(true);
  });

  it('names an event deleted behind its back', async () => {
    const { rows } = await client.query<{ event_id: string }>(
      `select event_id::text from events where type = 'PatientStatusChanged' order by position desc limit 1`,
    );
    const eventId = rows[0]!.event_id;
    await client.query('alter table events disable trigger events_no_update_delete');
    // Repair the first edit so this one is the first break.
    await client.query(`delete from events where event_id = $1`, [eventId]);
    await client.query('alter table events enable trigger events_no_update_delete');
    const broken = await verify();
    expect(broken.ok).toBe(false);
    expect(['changed', 'missing']).toContain(broken.broken.reason);
  });

  it('is for admins and compliance officers only (403 for every other role)', async () => {
    for (const url of ['/api/audit/events', '/api/audit/verify', '/api/audit/access-report', '/api/audit/events.csv']) {
      for (const token of [s.tokens.doctor, s.tokens.receptionist]) {
        const res = await get(token, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe('Access denied. You do not have permission to view the audit trail.');
      }
      expect((await get(compliance, url)).statusCode, url).toBe(200);
    }
    const patient = await api.registered(s.tokens.receptionist);
    expect((await get(s.tokens.doctor, `/api/patients/${patient.id}/history`)).statusCode).toBe(403);
    expect((await get(s.tokens.doctor, `/api/patients/${patient.id}/export`)).statusCode).toBe(403);
  });

  it('lets the compliance officer read records but change nothing', async () => {
    const patient = await api.registered(s.tokens.receptionist);
    const as = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: object) =>
      s.t.app.inject({ method, url, headers: asClient(compliance), ...(payload ? { payload } : {}) });
    expect((await as('GET', `/api/patients/${patient.id}`)).statusCode).toBe(200);
    expect((await as('GET', `/api/patients/${patient.id}/history`)).statusCode).toBe(200);
    const writes = [
      await as('POST', '/api/patients', { firstName: 'X' }),
      await as('PUT', `/api/patients/${patient.id}`, { version: 1, address: 'x' }),
      await as('PATCH', `/api/patients/${patient.id}/status`, { status: 'seen' }),
      await as('POST', `/api/patients/${patient.id}/vitals`, { pulseRate: 70 }),
      await as('DELETE', `/api/patients/${patient.id}`),
      await as('POST', '/api/users', { firstName: 'A', lastName: 'B', email: 'a@b.ng', role: 'nurse' }),
      await as('GET', '/api/users'),
    ];
    expect(writes.map((r) => r.statusCode)).toEqual([403, 403, 403, 403, 403, 403, 403]);
  });

  it("answers 404 for another hospital's patient and entries", async () => {
    const patient = await api.registered(s.tokens.receptionist);
    expect((await get(s.b.token, `/api/patients/${patient.id}/history`)).statusCode).toBe(404);
    expect((await get(s.b.token, `/api/patients/${patient.id}/export?format=fhir`)).statusCode).toBe(404);
    expect((await get(s.b.token, `/api/patients/${patient.id}?asOf=2030-01-01T00:00:00Z`)).statusCode).toBe(404);
    const page = (await get(s.tokens.admin, '/api/audit/events?limit=1')).json().data;
    const entryId = page.entries[0].id;
    expect((await get(s.tokens.admin, `/api/audit/events/${entryId}`)).statusCode).toBe(200);
    expect((await get(s.b.token, `/api/audit/events/${entryId}`)).statusCode).toBe(404);
    // Hospital B's trail holds its own three refused attempts on the id, and nothing of A's.
    const trailB = (await get(s.b.token, '/api/audit/events?limit=200')).json().data.entries as {
      eventType: string;
      action: string;
      subject: { id: string } | null;
    }[];
    const aboutIt = trailB.filter((e) => e.subject?.id === patient.id);
    expect(aboutIt.map((e) => e.eventType)).toEqual(['AccessRefused', 'AccessRefused', 'AccessRefused']);
    // …and names no patient of A's: the sentence says only the id it was asked for.
    for (const e of aboutIt) expect(e.action).not.toContain(patient.lastName);
  });
});
