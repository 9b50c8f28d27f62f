import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessReportApi } from '../../../test/helpers/audit-api';
import {
  patientsApi,
  startPatientsSuite,
  type PatientJson,
  type PatientsSuite,
} from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { ACCESS_REPORT_CSV_HEADER } from './access-report-csv';
import { EXPORT_FAILED } from './access-report-exports';
import { EXPORT_NOT_FOUND, EXPORT_PREPARING } from './access-report-export-routes';
import { AUDIT_DENIED } from './routes';
import { entriesOfRequest } from '../../../test/helpers/request-trail';

/**
 * The access report prepared in the background (issue 23, item 5): asked for (202), followed, then
 * downloaded by the person who asked, within the hour; the download is the read of the patients
 * it names, and the trail has it with them. Nobody else, in this hospital or another, reaches it.
 */
type Access = { type: string; data: Record<string, unknown> };

describe('the access report as a prepared download', () => {
  let s: PatientsSuite;
  let compliance: string;
  let ada: PatientJson;
  let bola: PatientJson;
  const patients = patientsApi(() => s.t);
  const reports = accessReportApi(() => s.t);
  /** What the request with this (server) id recorded: its events, or its read in the access log (migration 0050). */
  const eventsOf = (res: { headers: Record<string, unknown> }) =>
    entriesOfRequest(s.t.platform.db, String(res.headers['x-request-id'])) as Promise<Access[]>;
  /** A request written straight into the table, as a stopped server or an old one leaves it. */
  const planted = async (token: string, status: string, minutesAgo: number) => {
    const asked = await reports.ask(token, { patientId: ada.id });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().data.export.id as string;
    await reports.settled(token, id);
    await sql`update access_report_files set status = ${status}, csv = null,
              requested_at = now() - make_interval(mins => ${minutesAgo}) where id = ${id}`.execute(s.t.platform.db);
    return id;
  };

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'receptionist']);
    compliance = (await hireAndSignIn(s.t, s.a.token, 'compliance_officer')).token;
    ada = await patients.registered(s.tokens.receptionist);
    bola = await patients.registered(s.tokens.receptionist);
    expect((await patients.call(s.tokens.doctor, 'GET', `/api/patients/${ada.id}`)).statusCode).toBe(200);
  });
  afterAll(async () => s?.t.close());

  it('is asked for, prepared, and downloaded by the person who asked; the download names its patients in the trail', async () => {
    const asked = await reports.ask(compliance, { patientId: ada.id });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({
      success: true,
      message: 'Preparing the access report',
      data: { export: { status: 'preparing', rows: null, finishedAt: null } },
    });
    const id = asked.json().data.export.id as string;
    // Asking shows no patient: nothing of the report is in the request's own trail entry.
    expect(await eventsOf(asked)).toEqual([]);

    const ready = await reports.settled(compliance, id);
    expect(ready).toMatchObject({ id, status: 'ready', rows: 2 });
    const file = await reports.file(compliance, id);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="access-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = file.body.trim().split('\r\n');
    expect(lines[0]).toBe(ACCESS_REPORT_CSV_HEADER);
    const roles = lines.slice(1).map((line) => [line.split(',')[2], line.split(',')[3]]);
    expect(roles.sort()).toEqual([
      ['doctor', ada.id],
      ['receptionist', ada.id],
    ]);
    const read = await eventsOf(file);
    expect(read).toHaveLength(1);
    expect(read[0]).toMatchObject({ type: 'RecordAccessed', data: { patientIds: [ada.id] } });
  });

  it('holds what was committed before it was asked for, in the window and for the person asked about', async () => {
    const viewed = await patients.call(s.tokens.doctor, 'GET', `/api/patients/${bola.id}`);
    expect(viewed.statusCode).toBe(200);
    const file = await reports.download(s.tokens.admin, {
      patientId: bola.id,
      from: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(file.statusCode, file.body).toBe(200);
    const rows = file.body.trim().split('\r\n').slice(1);
    expect(rows.some((line) => line.includes(`,${bola.id},`) && line.split(',')[2] === 'doctor')).toBe(true);
    expect(rows.every((line) => line.split(',')[3] === bola.id)).toBe(true);
  });

  it('answers another person, of this hospital or another, 404 for its status and its file', async () => {
    const asked = await reports.ask(compliance, {});
    const id = asked.json().data.export.id as string;
    await reports.settled(compliance, id);
    for (const token of [s.tokens.admin, s.b.token]) {
      const status = await reports.status(token, id);
      expect(status.statusCode).toBe(404);
      expect(status.json()).toMatchObject({ success: false, message: EXPORT_NOT_FOUND });
      const file = await reports.file(token, id);
      expect(file.statusCode).toBe(404);
      expect(file.body).not.toContain(ada.id);
    }
    expect((await reports.status(compliance, 'no-such-export')).statusCode).toBe(404);
  });

  it("keeps only a person's latest report: asking again removes the file before it", async () => {
    const first = (await reports.ask(s.tokens.admin, {})).json().data.export.id as string;
    await reports.settled(s.tokens.admin, first);
    const second = (await reports.ask(s.tokens.admin, {})).json().data.export.id as string;
    expect(second).not.toBe(first);
    expect((await reports.settled(s.tokens.admin, second)).status).toBe('ready');
    expect((await reports.status(s.tokens.admin, first)).statusCode).toBe(404);
    const left = await sql`select 1 from access_report_files where id = ${first}`.execute(s.t.platform.db);
    expect(left.rows).toEqual([]);
    // The file is gone; that it was asked for, by whom and when, stays in the append-only ledger.
    const asked = await sql`select requested_by from audit_report_exports where id = ${first}`.execute(s.t.platform.db);
    expect(asked.rows).toHaveLength(1);
  });

  it('takes a request with the JSON content type and no body: the whole trail', async () => {
    const asked = await reports.call(s.tokens.admin, 'POST', '/api/audit/access-report/exports');
    expect(asked.statusCode, asked.body).toBe(202);
    expect((await reports.settled(s.tokens.admin, asked.json().data.export.id)).status).toBe('ready');
  });

  it('refuses the roles that may not read the trail, and records the refusal', async () => {
    for (const res of [
      await reports.ask(s.tokens.doctor, {}),
      await reports.status(s.tokens.receptionist, 'x'),
      await reports.file(s.tokens.doctor, 'x'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: AUDIT_DENIED });
      expect((await eventsOf(res)).map((e) => e.type)).toEqual(['AccessRefused']);
    }
  });

  it('turns away hostile input with a 400 and nothing prepared', async () => {
    const before = await sql<{
      n: string;
    }>`select count(*) as n from access_report_files where hospital_id = ${s.a.hospital.id}`.execute(s.t.platform.db);
    for (const body of [
      { from: 'yesterday-ish' },
      { from: 5 },
      { actorId: { $ne: null } },
      { patientId: 'ada\u0000' },
      [{ from: '2026-01-01' }],
    ]) {
      const res = await reports.call(s.tokens.admin, 'POST', '/api/audit/access-report/exports', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.body).not.toMatch(/stack|at \//);
    }
    expect((await reports.status(s.tokens.admin, 'x\u0000y')).statusCode).toBe(400);
    const after = await sql<{
      n: string;
    }>`select count(*) as n from access_report_files where hospital_id = ${s.a.hospital.id}`.execute(s.t.platform.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });

  it('answers the same request again while it is prepared, and 409 for its file until it is ready', async () => {
    const id = await planted(compliance, 'preparing', 0);
    const again = await reports.ask(compliance, { patientId: bola.id });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.export).toMatchObject({ id, status: 'preparing' });
    const file = await reports.file(compliance, id);
    expect(file.statusCode).toBe(409);
    expect(file.json()).toMatchObject({ success: false, message: EXPORT_PREPARING });
    await sql`delete from access_report_files where id = ${id}`.execute(s.t.platform.db);
  });

  it('reports one a stopped server left preparing as failed after ten minutes, and forgets it after an hour', async () => {
    const interrupted = await planted(compliance, 'preparing', 11);
    expect((await reports.status(compliance, interrupted)).json().data.export.status).toBe('failed');
    const file = await reports.file(compliance, interrupted);
    expect(file.statusCode).toBe(409);
    expect(file.json().message).toBe(EXPORT_FAILED);
    // A new request is not held up by the interrupted one.
    const fresh = await reports.ask(compliance, {});
    expect(fresh.json().data.export.id).not.toBe(interrupted);
    await reports.settled(compliance, fresh.json().data.export.id);

    const old = await planted(compliance, 'ready', 61);
    expect((await reports.status(compliance, old)).statusCode).toBe(404);
    // The next request deletes what is past its hour, patient names and all.
    await reports.settled(compliance, (await reports.ask(compliance, {})).json().data.export.id);
    const left = await sql`select 1 from access_report_files where id = ${old}`.execute(s.t.platform.db);
    expect(left.rows).toEqual([]);
  });
});
