import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessReportApi } from '../../../test/helpers/audit-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { trailCaughtUp } from './caught-up';

/**
 * Issue 34 §5: a list read is one access log row holding every patient it showed (migration 0050), and
 * not one of them goes missing: each patient of a 50-patient page has the read in their own access
 * report, in the whole report, in its CSV and in their history, counted once per read.
 */
type Row = { actor: { id: string }; patient: { id: string }; reads: number; accesses: number };

describe('every patient a list read showed is in the access report', () => {
  let s: PatientsSuite;
  const patients = patientsApi(() => s.t);
  const reports = accessReportApi(() => s.t);
  let shown: string[];
  /** The nurse's two reads: all 50 patients, then a search that shows the first 20 of them again. */
  let searched: string[];
  let nurseId: string;
  let readIds: string[];

  const get = async (token: string, url: string) => {
    const res = await patients.call(token, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };

  beforeAll(async () => {
    s = await startPatientsSuite(['nurse', 'receptionist']);
    const surname = `Shown${Date.now()}`;
    for (let i = 0; i < 50; i++) {
      // Every name its own (no likely duplicate); the last 20 share the searched part.
      await patients.registered(s.tokens.receptionist, { lastName: i < 30 ? `Other${i}x` : `${surname}n${i}` });
    }
    const all = await get(s.tokens.nurse, '/api/patients?limit=50');
    shown = all.json().data.patients.map((p: { id: string }) => p.id);
    const search = await get(s.tokens.nurse, `/api/patients?limit=50&search=${surname}`);
    searched = search.json().data.patients.map((p: { id: string }) => p.id);
    const requests = [all, search].map((r) => String(r.headers['x-request-id']));
    await trailCaughtUp(s.t.platform);
    // The reads are the access log's rows (migration 0050), written before the answers left.
    const { rows } = await sql<{ event_id: string; actor_id: string }>`
      select event_id::text, actor_id from audit_reads where request_id = any(${requests}::text[])
       order by position`.execute(s.t.platform.db);
    readIds = rows.map((r) => r.event_id);
    nurseId = rows[0]!.actor_id;
  });
  afterAll(async () => s?.t.close());

  it('shows the 50 patients, the search 20 of them', () => {
    expect(new Set(shown).size).toBe(50);
    expect(searched).toHaveLength(20);
    expect(shown).toEqual(expect.arrayContaining(searched));
  });

  it('keeps each read as one access log row naming every patient it showed', async () => {
    const { rows } = await sql<{ event_id: string; patient_ids: string[] }>`
      select event_id::text, patient_ids from audit_reads where event_id = any(${readIds}::uuid[])
       order by position`.execute(s.t.platform.db);
    expect(rows.map((r) => r.event_id)).toEqual(readIds);
    expect([...rows[0]!.patient_ids].sort()).toEqual([...shown].sort());
    expect([...rows[1]!.patient_ids].sort()).toEqual([...searched].sort());
  });

  it("has the nurse's reads in each patient's own access report", async () => {
    for (const id of shown) {
      const res = await get(s.tokens.admin, `/api/audit/access-report?patientId=${id}`);
      const nurse = (res.json().data.rows as Row[]).filter((r) => r.actor.id === nurseId);
      const reads = searched.includes(id) ? 2 : 1;
      expect(nurse, id).toEqual([expect.objectContaining({ patient: expect.objectContaining({ id }), reads })]);
    }
  });

  it('has a row per patient for the nurse in the whole report and in its CSV', async () => {
    const res = await get(s.tokens.admin, `/api/audit/access-report?actorId=${nurseId}`);
    const rows = res.json().data.rows as Row[];
    expect(rows.map((r) => r.patient.id).sort()).toEqual([...shown].sort());
    expect(rows.reduce((n, r) => n + r.reads, 0)).toBe(70);

    const csv = await reports.download(s.tokens.admin, { actorId: nurseId });
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split('\r\n').slice(1);
    // A line ends with the counts and the two times; the ids have no comma to be quoted for.
    const byPatient = new Map(
      lines.map((line) => [shown.find((id) => line.includes(id)), Number(line.split(',').at(-5))]),
    );
    expect([...byPatient.keys()].sort()).toEqual([...shown].sort());
    for (const id of shown) expect(byPatient.get(id), id).toBe(searched.includes(id) ? 2 : 1);
  });

  it("has the reads in each patient's history", async () => {
    for (const id of shown) {
      const res = await get(s.tokens.admin, `/api/patients/${id}/history`);
      const entries = res.json().data.entries as { actor: { id: string }; kind: string }[];
      const reads = entries.filter((e) => e.actor.id === nurseId && e.kind === 'read');
      expect(reads, id).toHaveLength(searched.includes(id) ? 2 : 1);
    }
  });

  it('verifies the chain and every read it holds', async () => {
    const res = await get(s.tokens.admin, '/api/audit/verify');
    expect(res.json().data.ok).toBe(true);
  });
});
