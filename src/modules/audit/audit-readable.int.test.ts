import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import {
  patientsApi,
  startPatientsSuite,
  type PatientJson,
  type PatientsSuite,
} from '../../../test/helpers/patients-api';
import { trailCaughtUp } from './caught-up';
import { readGroups } from './read-models/read-groups';

/**
 * Issue 34 §4: an audit log a compliance officer can read. The changes without the reads; the
 * reads folded per person, screen and 10 minutes; an action filter that finds every event of its
 * type whichever command made it; the verification's first entry time for "since 12 Nov".
 */
type Entry = { eventType: string; action: string; actor: { id: string }; subject: { id: string | null } | null };
type Group = {
  actor: { id: string };
  subjectType: string;
  what: string;
  times: number;
  patients: number;
  summary: string;
};

describe('an audit log a compliance officer can read', () => {
  let s: PatientsSuite;
  let compliance: string;
  let ada: PatientJson;
  let bola: PatientJson;
  const patients = patientsApi(() => s.t);
  const api = clinicalApi(() => s.t);
  const ok = async (
    res: Promise<{ statusCode: number; body: string }> | { statusCode: number; body: string },
    status = 200,
  ) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(status);
    return r;
  };
  const get = async (url: string) =>
    (await ok(api.call(compliance, 'GET', url))) as unknown as { json(): { data: never } };
  const trail = async (query: string) =>
    ((await get(`/api/audit/events?limit=200&${query}`)).json().data as { entries: Entry[] }).entries;

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'nurse', 'receptionist', 'lab_technician']);
    compliance = (await hireAndSignIn(s.t, s.a.token, 'compliance_officer')).token;
    ada = await patients.registered(s.tokens.receptionist);
    bola = await patients.registered(s.tokens.receptionist);
    const consulted = await ok(
      api.consult(s.tokens.doctor, {
        patientId: ada.id,
        chiefComplaint: 'Fever',
        primaryDiagnosis: 'Malaria',
        labOrders: [{ testName: 'Full Blood Count', urgency: 'STAT' }],
      }),
      201,
    );
    const fbc = (consulted as unknown as { json(): { consultation: { labOrders: { id: string }[] } } }).json()
      .consultation.labOrders[0]!;
    await ok(api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${fbc.id}/start`));
    await ok(
      api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${fbc.id}/results`, {
        results: { Haemoglobin: '13.2 g/dL' },
        conductedBy: 'Bisi Ade',
      }),
    );
    // The nurse reads the patient list six times (a screen that polls), and opens one record.
    for (let i = 0; i < 6; i++) await ok(api.call(s.tokens.nurse, 'GET', '/api/patients?limit=1000'));
    await ok(api.call(s.tokens.nurse, 'GET', `/api/patients/${bola.id}`));
  });
  afterAll(async () => s?.t.close());

  it('finds every status change with the action filter, also those a consultation and lab results made', async () => {
    const changes = await trail('action=PatientStatusChanged');
    const sentences = changes.filter((e) => e.subject?.id === ada.id).map((e) => e.action);
    // Registration sets the first status without a change; the consultation and the results each make one.
    expect(sentences).toEqual(
      expect.arrayContaining([expect.stringMatching(/to refer for test$/), expect.stringMatching(/to test complete$/)]),
    );
    expect(changes.every((e) => e.eventType === 'PatientStatusChanged')).toBe(true);
  });

  it('shows the changes without the reads, and the reads alone, on the kind switch', async () => {
    const changes = await trail('kind=changes');
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.some((e) => e.eventType === 'RecordAccessed')).toBe(false);
    expect(changes.some((e) => e.eventType === 'PatientRegistered')).toBe(true);
    const reads = await trail('kind=reads');
    expect(reads.length).toBeGreaterThanOrEqual(7);
    expect(reads.every((e) => e.eventType === 'RecordAccessed')).toBe(true);
    // Without the switch the trail keeps both, as before.
    const all = await trail('');
    expect(all.some((e) => e.eventType === 'RecordAccessed')).toBe(true);
    expect(all.some((e) => e.eventType === 'PatientRegistered')).toBe(true);
    const bad = await api.call(compliance, 'GET', '/api/audit/events?kind=everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      errors: [{ field: 'kind', message: 'kind must be changes or reads' }],
    });
  });

  it("folds the nurse's reads into one row per screen: 6 list reads, 2 patients; 1 record read", async () => {
    const nurseId = (await get('/api/audit/events?kind=reads&limit=200')).json().data as { entries: Entry[] };
    const nurse = nurseId.entries.find((e) => /patient list/.test(e.action) && e.actor.id)!.actor.id;
    const { groups } = (await get(`/api/audit/reads?actorId=${nurse}`)).json().data as { groups: Group[] };
    const list = groups.find((g) => g.subjectType === 'patient' && /list/.test(g.summary));
    expect(list).toMatchObject({ times: 6, patients: 2, summary: 'Viewed the patient list 6 times, 2 patients' });
    const record = groups.find((g) => g !== list && g.subjectType === 'patient');
    expect(record).toMatchObject({ times: 1, patients: 1 });
    expect(groups.reduce((n, g) => n + g.times, 0)).toBe(7);
  });

  it('pages the groups by whole 10-minute windows without losing or repeating a read', async () => {
    const hospitalId = s.a.hospital.id;
    // The reads of the tests before (their answers' access events) reach the trail in the background.
    await trailCaughtUp(s.t.platform);
    const everything = await readGroups(s.t.platform.db, hospitalId, {}, null);
    const total = everything.groups.reduce((n, g) => n + g.times, 0);
    // Pages of at most 2 reads: every page still folds its oldest window whole.
    let cursor: Date | null = null;
    let seen = 0;
    for (let pages = 0; pages < 50; pages++) {
      const page = await readGroups(s.t.platform.db, hospitalId, {}, cursor, 2);
      seen += page.groups.reduce((n, g) => n + g.times, 0);
      if (!page.nextCursor) break;
      cursor = new Date(page.nextCursor);
    }
    expect(seen).toBe(total);
  });

  it('answers the verification with the time of the first entry, for "all N entries since 12 Nov"', async () => {
    const v = (await get('/api/audit/verify')).json().data as { ok: boolean; checked: number; since: string | null };
    expect(v.ok).toBe(true);
    expect(v.checked).toBeGreaterThan(0);
    const oldest = (await trail('')).at(-1);
    expect(v.since).not.toBeNull();
    expect(Date.parse(v.since!)).toBeLessThanOrEqual(Date.parse((oldest as unknown as { time: string }).time));
  });

  it('keeps the grouped reads to the audit roles', async () => {
    const res = await api.call(s.tokens.nurse, 'GET', '/api/audit/reads');
    expect(res.statusCode).toBe(403);
  });
});
