import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessReportApi } from '../../../test/helpers/audit-api';
import { billingApi } from '../../../test/helpers/billing-api';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import {
  patientsApi,
  startPatientsSuite,
  type PatientJson,
  type PatientsSuite,
} from '../../../test/helpers/patients-api';
import { entriesOfRequest } from '../../../test/helpers/request-trail';

/**
 * Lists, searches and queues of patient data are in the access trail: one RecordAccessed per
 * request naming the route, the search terms and filters, and the patients shown, so the access
 * report and a patient's history answer "who saw this patient" for list views too.
 */
type Access = { type: string; data: Record<string, unknown>; metadata: { actor: { userId: string; role: string } } };

describe('list reads in the audit trail', () => {
  let s: PatientsSuite;
  let ada: PatientJson;
  let bola: PatientJson;
  let consultationId: string;
  const patients = patientsApi(() => s.t);
  const clinical = clinicalApi(() => s.t);
  const billing = billingApi(() => s.t);
  const reports = accessReportApi(() => s.t);

  /** What the request with this (server) id recorded: its events, or its read in the access log (migration 0050). */
  const eventsOf = (res: { headers: Record<string, unknown> }) =>
    entriesOfRequest(s.t.platform.db, String(res.headers['x-request-id'])) as Promise<Access[]>;
  const read = async (token: string, url: string) => {
    const res = await clinical.call(token, 'GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'nurse', 'receptionist', 'pharmacist', 'lab_technician', 'accountant']);
    ada = await patients.registered(s.tokens.receptionist);
    bola = await patients.registered(s.tokens.receptionist);
    await clinical.stock(s.tokens.pharmacist, { name: 'Coartem', quantity: 20 });
    const consulted = await clinical.consult(s.tokens.doctor, {
      patientId: ada.id,
      chiefComplaint: 'Fever',
      primaryDiagnosis: 'Malaria',
      prescriptions: [
        { medicationName: 'Coartem', dosage: '80mg', frequency: 'Twice daily', duration: '3 days', quantity: 1 },
      ],
      labOrders: [{ testName: 'Full Blood Count', urgency: 'STAT' }],
    });
    expect(consulted.statusCode, consulted.body).toBe(201);
    consultationId = consulted.json().consultation.id;
    const invoice = await billing.manual(s.tokens.accountant, ada.id, 1500);
    expect((await billing.pay(s.tokens.accountant, invoice.id, { amount: 1500, method: 'cash' })).statusCode).toBe(201);
    await billing.settle();
  });
  afterAll(async () => s?.t.close());

  it("leaves one RecordAccessed for a nurse's search, with the terms and the patients shown", async () => {
    const res = await read(s.tokens.nurse, `/api/patients?search=${encodeURIComponent(ada.lastName)}&limit=1000`);
    expect(res.json().data.patients.map((p: PatientJson) => p.id)).toEqual([ada.id]);
    const events = await eventsOf(res);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'RecordAccessed',
      data: {
        subjectType: 'patient',
        subjectId: null,
        what: 'list',
        route: '/api/patients',
        patientIds: [ada.id],
        query: { search: ada.lastName, limit: '1000', page: '1' },
      },
    });
    const history = await read(s.tokens.admin, `/api/patients/${ada.id}/history`);
    expect(history.json().data.entries.map((e: { action: string }) => e.action)).toContain(
      `Viewed patient list (search "${ada.lastName}", 1 patient)`,
    );
  });

  it('names the nurse in the access report and the history of a patient shown only in a list', async () => {
    const res = await read(s.tokens.nurse, '/api/patients?limit=50');
    const shown = (await eventsOf(res))[0]!.data.patientIds as string[];
    expect(shown).toEqual(expect.arrayContaining([ada.id, bola.id]));

    const report = await read(s.tokens.admin, `/api/audit/access-report?patientId=${bola.id}`);
    const nurseId = (await eventsOf(res))[0]!.metadata.actor.userId;
    expect(report.json().data.rows).toContainEqual(
      expect.objectContaining({ actor: expect.objectContaining({ id: nurseId, role: 'nurse' }), reads: 1 }),
    );
    const history = await read(s.tokens.admin, `/api/patients/${bola.id}/history`);
    const entries = history.json().data.entries as { action: string; actor: { id: string } }[];
    expect(entries.filter((e) => e.actor.id === nurseId).map((e) => e.action)).toEqual([
      'Viewed patient list (2 patients)',
    ]);
  });

  it('records every one of many identical list reads sent together (one shared answer), each under its own reader', async () => {
    const readsOfBola = async () => {
      const report = await read(s.tokens.admin, `/api/audit/access-report?patientId=${bola.id}`);
      const rows = report.json().data.rows as { actor: { role: string }; reads: number }[];
      const of = (role: string) => rows.filter((r) => r.actor.role === role).reduce((n, r) => n + r.reads, 0);
      return { nurse: of('nurse'), doctor: of('doctor') };
    };
    const before = await readsOfBola();
    const tokens = Array.from({ length: 12 }, (_, i) => (i % 2 ? s.tokens.doctor : s.tokens.nurse));
    const answers = await Promise.all(tokens.map((token) => read(token, '/api/patients?limit=50&page=1')));
    // One page, one text: every caller got the same answer, with Ada and Bola in it.
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json().data.patients.map((p: PatientJson) => p.id)).toEqual(
      expect.arrayContaining([ada.id, bola.id]),
    );
    for (const [i, res] of answers.entries()) {
      const events = await eventsOf(res);
      expect(events.map((e) => e.type)).toEqual(['RecordAccessed']);
      expect(events[0]!.data.patientIds).toEqual(expect.arrayContaining([ada.id, bola.id]));
      expect(events[0]!.metadata.actor.role).toBe(tokens[i] === s.tokens.doctor ? 'doctor' : 'nurse');
    }
    expect(await readsOfBola()).toEqual({ nurse: before.nurse + 6, doctor: before.doctor + 6 });
  });

  it('leaves one entry, with the patient, for the lab queue, pending prescriptions, invoices, payments and dispensations', async () => {
    const reads: [token: string, url: string][] = [
      [s.tokens.lab_technician, '/api/lab/requests'],
      [s.tokens.pharmacist, '/api/consultations/prescriptions/pending'],
      [s.tokens.accountant, '/api/billing/invoices'],
      [s.tokens.accountant, '/api/billing/payments'],
    ];
    for (const [token, url] of reads) {
      const events = await eventsOf(await read(token, url));
      expect(
        events.map((e) => [e.type, e.data.route]),
        url,
      ).toEqual([['RecordAccessed', url]]);
      expect(events[0]!.data.patientIds, url).toEqual([ada.id]);
    }
    expect((await clinical.dispense(s.tokens.pharmacist, consultationId)).statusCode).toBe(200);
    const dispensations = await eventsOf(await read(s.tokens.pharmacist, '/api/pharmacy/dispensations'));
    expect(dispensations).toHaveLength(1);
    expect(dispensations[0]).toMatchObject({
      type: 'RecordAccessed',
      data: { route: '/api/pharmacy/dispensations', patientIds: [ada.id] },
    });
  });

  it("lists each patient once in the access report CSV's entry, however many people's rows name them", async () => {
    const res = await reports.download(s.tokens.admin);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\r\n').slice(1);
    const adaRows = lines.filter((line) => line.split(',')[3] === ada.id);
    // The receptionist registered Ada, the doctor consulted her, the nurse listed her.
    expect(adaRows.length).toBeGreaterThan(1);
    const events = await eventsOf(res);
    expect(events).toHaveLength(1);
    const shown = events[0]!.data.patientIds as string[];
    expect(shown.filter((id) => id === ada.id)).toEqual([ada.id]);
    expect(new Set(shown).size).toBe(shown.length);
  });
});
