import { setTimeout as sleep } from 'node:timers/promises';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessReportApi } from '../../../test/helpers/audit-api';
import {
  asClient,
  newPatient,
  startPatientsSuite,
  type PatientJson,
  type PatientsSuite,
} from '../../../test/helpers/patients-api';
import { hireAndSignIn, staffLogin } from '../../../test/helpers/staff-api';

/**
 * One scripted day across roles: every write, read and refusal leaves exactly one entry in the
 * trail (found by the request id the answer carries), a list's naming the patients it showed, and the record replayed
 * as of each step equals what the API answered at that step.
 */
type Kind = 'write' | 'read' | 'refusal' | 'none';
type Step = { name: string; requestId: string; kind: Kind; eventType?: string; hospital: 'a' | 'b' | 'none' };

describe('the audit trail of one day', () => {
  let s: PatientsSuite;
  let compliance: string;
  let patient: PatientJson;
  const steps: Step[] = [];
  /** The detail as the API answered right after each write, with the instant it was read. */
  const snapshots: { at: string; answer: unknown }[] = [];

  const call = (token: string | null, method: InjectOptions['method'], url: string, payload?: object) =>
    s.t.app.inject({
      method,
      url,
      headers: token ? asClient(token) : { 'content-type': 'application/json' },
      ...(payload ? { payload } : {}),
    });

  async function step(
    name: string,
    kind: Kind,
    eventType: string | undefined,
    expected: number,
    run: () => ReturnType<typeof call>,
    hospital: Step['hospital'] = 'a',
  ) {
    const res = await run();
    expect(res.statusCode, `${name}: ${res.body}`).toBe(expected);
    steps.push({ name, requestId: String(res.headers['x-request-id']), kind, eventType, hospital });
    return res;
  }

  async function snapshot() {
    const res = await call(s.tokens.admin, 'GET', `/api/patients/${patient.id}`);
    if (res.statusCode === 200) snapshots.push({ at: new Date().toISOString(), answer: res.json().data });
    else snapshots.push({ at: new Date().toISOString(), answer: null });
    await sleep(5);
  }

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'receptionist', 'pharmacist', 'accountant']);
    compliance = (await hireAndSignIn(s.t, s.a.token, 'compliance_officer')).token;
    const nurse = await hireAndSignIn(s.t, s.a.token, 'nurse');
    s.tokens.nurse = nurse.token;
    const { tokens } = s;
    const registered = await step('register', 'write', 'PatientRegistered', 201, () =>
      call(tokens.receptionist, 'POST', '/api/patients', newPatient()),
    );
    patient = registered.json().data.patient;
    const id = patient.id;
    await snapshot();
    await step('receptionist reads', 'read', 'RecordAccessed', 200, () =>
      call(tokens.receptionist, 'GET', `/api/patients/${id}`),
    );
    await step('doctor moves to consultation', 'write', 'PatientStatusChanged', 200, () =>
      call(tokens.doctor, 'PATCH', `/api/patients/${id}/status`, { status: 'consultation' }),
    );
    await snapshot();
    await step('nurse records vitals', 'write', 'VitalsRecorded', 201, () =>
      call(tokens.nurse, 'POST', `/api/patients/${id}/vitals`, {
        bloodPressure: '120/80',
        pulseRate: 72,
        temperature: 36.8,
      }),
    );
    await snapshot();
    await step('receptionist edits the address', 'write', 'PatientDetailsEdited', 200, () =>
      call(tokens.receptionist, 'PUT', `/api/patients/${id}`, { version: 3, address: '7 Marina, Lagos' }),
    );
    await snapshot();
    await step('doctor reads', 'read', 'RecordAccessed', 200, () => call(tokens.doctor, 'GET', `/api/patients/${id}`));
    await step('pharmacist is refused', 'refusal', 'AccessRefused', 403, () =>
      call(tokens.pharmacist, 'GET', `/api/patients/${id}`),
    );
    await step('accountant may not edit', 'refusal', 'AccessRefused', 403, () =>
      call(tokens.accountant, 'PUT', `/api/patients/${id}`, { version: 4, address: 'x' }),
    );
    await step(
      'another hospital gets 404',
      'refusal',
      'AccessRefused',
      404,
      () => call(s.otherReceptionist, 'GET', `/api/patients/${id}`),
      'b',
    );
    await step(
      'no session gets 401',
      'refusal',
      'AccessRefused',
      401,
      () => call(null, 'GET', `/api/patients/${id}`),
      'none',
    );
    await step('nurse may not list users', 'refusal', 'AccessRefused', 403, () =>
      call(tokens.nurse, 'GET', '/api/users'),
    );
    await step('admin asks for a user of nobody', 'refusal', 'AccessRefused', 404, () =>
      call(tokens.admin, 'GET', '/api/users/00000000-0000-4000-8000-000000000000'),
    );
    await step('the list leaves one entry, with the patients it showed', 'read', 'RecordAccessed', 200, () =>
      call(tokens.receptionist, 'GET', '/api/patients'),
    );
    await step('admin reads the history', 'read', 'RecordAccessed', 200, () =>
      call(tokens.admin, 'GET', `/api/patients/${id}/history`),
    );
    await step('compliance officer replays', 'read', 'RecordAccessed', 200, () =>
      call(compliance, 'GET', `/api/patients/${id}?asOf=${encodeURIComponent(snapshots[1]!.at)}`),
    );
    await step('compliance officer may not edit', 'refusal', 'AccessRefused', 403, () =>
      call(compliance, 'PUT', `/api/patients/${id}`, { version: 4, address: 'x' }),
    );
    await step('doctor may not replay', 'refusal', 'AccessRefused', 403, () =>
      call(tokens.doctor, 'GET', `/api/patients/${id}?asOf=${encodeURIComponent(snapshots[1]!.at)}`),
    );
    await step('admin exports FHIR', 'read', 'RecordAccessed', 200, () =>
      call(tokens.admin, 'GET', `/api/patients/${id}/export?format=fhir`),
    );
    await step('nurse mistypes the password', 'write', 'LoginFailed', 401, () =>
      staffLogin(s.t, nurse.email, 'not-the-password'),
    );
    await step('nurse signs in', 'write', 'LoginSucceeded', 200, () => staffLogin(s.t, nurse.email, nurse.password));
    await step('receptionist deletes', 'write', 'PatientRecordDeleted', 200, () =>
      call(tokens.receptionist, 'DELETE', `/api/patients/${id}`),
    );
    await snapshot();
    await step('doctor reads a deleted record', 'refusal', 'AccessRefused', 404, () =>
      call(tokens.doctor, 'GET', `/api/patients/${id}`),
    );
  });
  afterAll(async () => s?.t.close());

  async function wholeTrail(token: string) {
    const entries: { requestId: string | null; eventType: string; action: string; actor: { role: string } }[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(token, 'GET', `/api/audit/events?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      entries.push(...data.entries);
      cursor = data.nextCursor;
    } while (cursor);
    return entries;
  }

  it('holds exactly one entry for each write, read (a list too) and refusal', async () => {
    const trailA = await wholeTrail(s.tokens.admin);
    const trailB = await wholeTrail(s.b.token);
    for (const st of steps) {
      const trail = st.hospital === 'b' ? trailB : trailA;
      const found = trail.filter((e) => e.requestId === st.requestId);
      if (st.hospital === 'none') {
        expect(found, st.name).toHaveLength(0);
        continue;
      }
      expect(
        found.map((e) => e.eventType),
        st.name,
      ).toEqual(st.kind === 'none' ? [] : [st.eventType]);
    }
  });

  it('reports who touched the patient, with reads, writes and refusals per person (JSON and CSV)', async () => {
    const res = await call(compliance, 'GET', `/api/audit/access-report?patientId=${patient.id}`);
    expect(res.statusCode, res.body).toBe(200);
    type Row = {
      actor: { role: string };
      patient: { id: string; name: string };
      reads: number;
      writes: number;
      refusals: number;
    };
    const rows = res.json().data.rows as Row[];
    const byRole = (role: string) =>
      rows.filter((r) => r.actor.role === role).map(({ reads, writes, refusals }) => ({ reads, writes, refusals }));
    // The receptionist opened the record once and saw the patient once in the list.
    expect(byRole('receptionist')).toEqual([{ reads: 2, writes: 3, refusals: 0 }]);
    expect(byRole('doctor')).toEqual([{ reads: 1, writes: 1, refusals: 2 }]);
    expect(byRole('nurse')).toEqual([{ reads: 0, writes: 1, refusals: 0 }]);
    expect(byRole('pharmacist')).toEqual([{ reads: 0, writes: 0, refusals: 1 }]);
    expect(byRole('compliance_officer')).toEqual([{ reads: 1, writes: 0, refusals: 1 }]);
    expect(
      rows.every((r) => r.patient.id === patient.id && r.patient.name === `${patient.firstName} ${patient.lastName}`),
    ).toBe(true);
    const csv = await accessReportApi(() => s.t).download(s.tokens.admin, { patientId: patient.id });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'actor_id,actor_name,actor_role,patient_id,patient_name,accesses,reads,writes,refusals,first_access,last_access',
    );
    expect(lines).toHaveLength(rows.length + 1);
    // Hospital B's report holds only its own refused attempt, without A's patient's name.
    const other = await call(s.b.token, 'GET', `/api/audit/access-report?patientId=${patient.id}`);
    expect(other.json().data.rows).toMatchObject([
      { actor: { role: 'receptionist' }, patient: { id: patient.id, name: null }, accesses: 1, refusals: 1 },
    ]);
  });

  it('records the 401 of a caller without a session outside every hospital trail', async () => {
    const st = steps.find((x) => x.name === 'no session gets 401')!;
    const rows = await s.t.platform.db
      .selectFrom('audit_events')
      .select(['hospital_id', 'actor_role', 'event_type'])
      .where('request_id', '=', st.requestId)
      .execute();
    expect(rows).toEqual([{ hospital_id: '', actor_role: 'anonymous', event_type: 'AccessRefused' }]);
  });

  it('says in sentences who did what', async () => {
    const trail = await wholeTrail(s.tokens.admin);
    const name = `${patient.firstName} ${patient.lastName}`;
    const actions = trail.map((e) => e.action);
    expect(actions).toContain(`Registered patient ${name}`);
    expect(actions).toContain(`Changed status of ${name} from waiting to consultation`);
    expect(actions).toContain(`Edited ${name}: address`);
    expect(actions).toContain(`Viewed the detail of ${name}`);
    expect(actions).toContain(`Exported the record of ${name} (FHIR)`);
    expect(actions).toContain(`Refused detail of ${name} (403: role not allowed)`);
  });

  it('answers the record as of each step exactly as the API answered then', async () => {
    for (const snap of snapshots) {
      const res = await call(s.tokens.admin, 'GET', `/api/patients/${patient.id}?asOf=${encodeURIComponent(snap.at)}`);
      if (snap.answer === null) {
        expect(res.statusCode).toBe(404);
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(snap.answer);
    }
    const before = await call(s.tokens.admin, 'GET', `/api/patients/${patient.id}?asOf=2000-01-01T00:00:00Z`);
    expect(before.statusCode).toBe(404);
  });

  it("shows the patient's timeline with old → new values", async () => {
    const res = await call(compliance, 'GET', `/api/patients/${patient.id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data.entries as {
      eventType: string;
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    const edit = entries.find((e) => e.eventType === 'PatientDetailsEdited')!;
    expect(edit.changes).toEqual([
      { field: 'address', label: 'address', from: patient.address, to: '7 Marina, Lagos' },
    ]);
    const status = entries.find((e) => e.eventType === 'PatientStatusChanged')!;
    expect(status.changes).toEqual([{ field: 'status', label: 'status', from: 'waiting', to: 'consultation' }]);
    expect(entries.filter((e) => e.eventType === 'RecordAccessed').length).toBeGreaterThanOrEqual(3);
    expect(entries.at(-1)?.eventType).toBe('AccessRefused');
  });

  it('exports the whole record of a patient deleted since, as JSON and as a FHIR R4 Bundle', async () => {
    const json = await call(compliance, 'GET', `/api/patients/${patient.id}/export`);
    expect(json.statusCode, json.body).toBe(200);
    expect(json.headers['content-disposition']).toContain('attachment');
    const doc = json.json();
    expect(doc.patient).toMatchObject({
      id: patient.id,
      address: '7 Marina, Lagos',
      status: 'consultation',
      deleted: true,
    });
    expect(doc.vitals).toMatchObject([{ bloodPressure: '120/80', pulseRate: 72, temperature: 36.8 }]);
    expect(doc.statusChanges).toMatchObject([{ from: 'waiting', to: 'consultation' }]);
    expect(doc.edits[0].changes).toEqual([
      { field: 'address', label: 'address', from: patient.address, to: '7 Marina, Lagos' },
    ]);
    expect(doc.auditTrail.some((e: { eventType: string }) => e.eventType === 'RecordAccessed')).toBe(true);

    const fhir = await call(compliance, 'GET', `/api/patients/${patient.id}/export?format=fhir`);
    expect(fhir.headers['content-type']).toContain('application/fhir+json');
    const bundle = fhir.json();
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const resources = bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource);
    expect(resources[0]).toMatchObject({
      resourceType: 'Patient',
      id: patient.id,
      active: false,
      name: [{ family: patient.lastName, given: [patient.firstName] }],
      gender: String(patient.gender).toLowerCase(),
      birthDate: patient.dateOfBirth,
    });
    const codes = resources
      .filter((r: { resourceType: string }) => r.resourceType === 'Observation')
      .map((r: { code: { coding: { code: string }[] } }) => r.code.coding[0]!.code);
    expect(codes.sort()).toEqual(['8310-5', '85354-9', '8867-4']);
    const bp = resources.find((r: { code?: { coding: { code: string }[] } }) => r.code?.coding[0]!.code === '85354-9');
    expect(bp.component.map((c: { valueQuantity: { value: number } }) => c.valueQuantity.value)).toEqual([120, 80]);
    for (const e of bundle.entry) expect(e.fullUrl).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);

    const bad = await call(compliance, 'GET', `/api/patients/${patient.id}/export?format=pdf`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });
});
