import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { DEFAULT_TIME_ZONE, hospitalDate } from '../../shared/hospital-calendar';

describe('lab requests', () => {
  let s: PatientsSuite;
  let otherLab: string;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    // An app of its own: this file locks the events table.
    s = await startPatientsSuite(['doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist'], { ownApp: true });
    otherLab = (await hireAndSignIn(s.t, s.b.token, 'lab_technician')).token;
  });
  afterAll(async () => s?.t.close());

  const order = async (labOrders: object[]) => {
    const p = await patients.registered(s.tokens.receptionist);
    const res = await api.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Cough',
      primaryDiagnosis: 'Suspected pneumonia',
      labOrders,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return { patient: p, consultation: res.json().consultation };
  };
  const queue = async (status: string) =>
    (
      await api.call(s.tokens.lab_technician, 'GET', `/api/lab/requests?status=${encodeURIComponent(status)}&limit=100`)
    ).json().data.requests as { id: string; urgency: string; status: string }[];

  it('queues STAT first, then Urgent, then Routine', async () => {
    await order([{ testName: 'Urine Analysis' }]);
    await order([
      { testName: 'Chest X-ray', urgency: 'Urgent' },
      { testName: 'ECG', urgency: 'STAT' },
    ]);
    const urgencies = (await queue('pending')).map((r) => r.urgency);
    expect(urgencies).toEqual(
      [...urgencies].sort(
        (a, b) => ['STAT', 'Urgent', 'Routine'].indexOf(a) - ['STAT', 'Urgent', 'Routine'].indexOf(b),
      ),
    );
    expect(urgencies[0]).toBe('STAT');
    expect(urgencies.at(-1)).toBe('Routine');
  });

  it("starts, records results, and moves the patient to 'test complete' once every test is in", async () => {
    const { patient, consultation } = await order([
      { testName: 'Full Blood Count', urgency: 'STAT' },
      { testName: 'Liver Function Test' },
    ]);
    const [fbc, lft] = consultation.labOrders as { id: string }[];
    const status = async () => (await patients.get(s.tokens.doctor, patient.id)).json().data.status;
    expect(await status()).toBe('refer for test');

    const started = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${fbc!.id}/start`);
    expect(started.statusCode).toBe(200);
    expect(started.json().data.request).toMatchObject({ status: 'in progress' });
    expect((await queue('in progress')).map((r) => r.id)).toContain(fbc!.id);

    const first = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${fbc!.id}/results`, {
      results: { Haemoglobin: '13.2 g/dL', WBC: 6.1 },
      notes: 'Normal',
      conductedBy: 'Bisi Ade',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.request).toMatchObject({ status: 'completed', completed: true, conductedBy: 'Bisi Ade' });
    expect(await status()).toBe('refer for test');

    await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${lft!.id}/results`, {
      results: 'All within range',
    });
    expect(await status()).toBe('test complete');

    const again = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${lft!.id}/results`, {
      results: 'x',
    });
    expect(again.statusCode).toBe(409);

    const chart = (await api.call(s.tokens.doctor, 'GET', `/api/consultations/patient/${patient.id}`)).json().data[0];
    expect(chart.labOrders.find((l: { id: string }) => l.id === fbc!.id)).toMatchObject({
      results: { Haemoglobin: '13.2 g/dL' },
      notes: 'Normal',
    });

    const stats = (await api.call(s.tokens.lab_technician, 'GET', '/api/lab/stats')).json().data;
    expect(stats.completedToday).toBe(2);
    expect(stats.recentActivity[0].id).toBe(lft!.id);
    const events = await s.t.platform.store.readStream(`lab-request-${fbc!.id}`);
    expect(events.map((e) => e.type)).toEqual(['LabRequestOrdered', 'LabTestStarted', 'LabResultsRecorded']);
  });

  it('counts pending, in progress and completed today as requests move, each count its own', async () => {
    const stats = async () => {
      const d = (await api.call(s.tokens.doctor, 'GET', '/api/lab/stats?recent=1')).json().data;
      return { pending: d.pending, inProgress: d.inProgress, completedToday: d.completedToday };
    };
    const before = await stats();
    const { consultation } = await order([
      { testName: 'Full Blood Count' },
      { testName: 'Urine Analysis' },
      { testName: 'Blood Sugar Test' },
    ]);
    const [a, b] = consultation.labOrders as { id: string }[];
    await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${a!.id}/start`);
    await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${b!.id}/results`, { results: 'Negative' });
    const after = await stats();
    expect({
      pending: after.pending - before.pending,
      inProgress: after.inProgress - before.inProgress,
      completedToday: after.completedToday - before.completedToday,
    }).toEqual({ pending: 1, inProgress: 1, completedToday: 1 });
  });

  it("answers the last test's results with the patient already at 'test complete', changed in that very commit", async () => {
    const { patient, consultation } = await order([{ testName: 'Blood Sugar Test' }]);
    const id = consultation.labOrders[0].id as string;
    const res = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${id}/results`, {
      results: 'Negative',
    });
    expect(res.statusCode).toBe(200);
    // No reactor follows the results for the answer to wait for: the status is in their commit.
    const [results] = (await s.t.platform.store.readStream(`lab-request-${id}`)).filter(
      (e) => e.type === 'LabResultsRecorded',
    );
    const status = (await s.t.platform.store.readStream(`patient-${patient.id}`)).filter(
      (e) => e.type === 'PatientStatusChanged',
    );
    expect(status.map((e) => e.data)).toEqual([
      { patientId: patient.id, from: 'waiting', to: 'refer for test' },
      { patientId: patient.id, from: 'refer for test', to: 'test complete' },
    ]);
    expect(status[1]!.globalPosition[0]).toBe(results!.globalPosition[0]);
    expect(status[1]!.metadata.actor.role).toBe('lab_technician');
    expect((await patients.get(s.tokens.doctor, patient.id)).json().data.status).toBe('test complete');
  });

  it("moves the patient to 'test complete' in a results commit when two technicians send a consultation's last results at once", async () => {
    const { patient, consultation } = await order([{ testName: 'Full Blood Count' }, { testName: 'Urine Analysis' }]);
    const labs = consultation.labOrders as { id: string }[];
    // Appends wait behind this lock while both requests read the lab list: each sees the other's test
    // still open, as two technicians pressing at the same instant would.
    const owner = new pg.Client({ connectionString: s.t.db.url });
    await owner.connect();
    try {
      await owner.query('begin');
      await owner.query('lock table events in exclusive mode');
      const sent = labs.map((lab) =>
        api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${lab.id}/results`, { results: 'Within range' }),
      );
      const waiting = async () =>
        Number(
          (
            await owner.query(
              `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            )
          ).rows[0].n,
        );
      await expect.poll(waiting, { timeout: 15_000 }).toBeGreaterThan(0);
      // Time for the second request to read the lab list too and queue its append behind the first.
      await sleep(1_500);
      await owner.query('commit');
      for (const res of await Promise.all(sent)) expect(res.statusCode, res.body).toBe(200);
    } finally {
      await owner.end();
    }
    expect((await patients.get(s.tokens.doctor, patient.id)).json().data.status).toBe('test complete');
    // The status change rode in one of the results' commits: no second commit a crash could lose.
    const store = s.t.platform.store;
    const moved = (await store.readStream(`patient-${patient.id}`)).filter((e) => e.type === 'PatientStatusChanged');
    expect(moved.map((e) => (e.data as { to: string }).to)).toEqual(['refer for test', 'test complete']);
    const results = await Promise.all(
      labs.map(async (lab) =>
        (await store.readStream(`lab-request-${lab.id}`)).find((e) => e.type === 'LabResultsRecorded')!,
      ),
    );
    expect(results.map((e) => e.globalPosition[0])).toContain(moved[1]!.globalPosition[0]);
    const tally = await store.readStream(`lab-results-${consultation.id}`);
    expect(tally.map((e) => (e.data as { labRequestId: string }).labRequestId).sort()).toEqual(
      labs.map((l) => l.id).sort(),
    );
  });

  it('asks for results, checks roles, and hides other hospitals’ requests', async () => {
    const { consultation } = await order([{ testName: 'CT Scan' }]);
    const id = consultation.labOrders[0].id;
    const empty = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${id}/results`, { results: '' });
    expect(empty.statusCode).toBe(400);
    for (const role of ['nurse', 'pharmacist', 'doctor'] as const) {
      expect((await api.call(s.tokens[role], 'POST', `/api/lab/requests/${id}/start`)).statusCode).toBe(403);
    }
    expect((await api.call(s.tokens.pharmacist, 'GET', '/api/lab/requests')).statusCode).toBe(403);
    const cross = await api.call(otherLab, 'POST', `/api/lab/requests/${id}/start`);
    expect(cross.statusCode).toBe(404);
    expect(cross.json().message).toBe('Lab request not found');
    expect((await api.call(otherLab, 'GET', '/api/lab/requests')).json().data.requests).toEqual([]);
    expect((await api.call(s.tokens.lab_technician, 'GET', '/api/lab/requests?status=done')).statusCode).toBe(400);
  });

  it("lists the open queue in one request and one day's completed tests by the hospital's calendar", async () => {
    const { consultation } = await order([
      { testName: 'Chest X-ray', urgency: 'Urgent' },
      { testName: 'ECG', urgency: 'STAT' },
      { testName: 'Urine Analysis' },
    ]);
    const [xray, ecg, urine] = consultation.labOrders as { id: string }[];
    await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${ecg!.id}/start`);
    const done = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${urine!.id}/results`, {
      results: 'No abnormality seen',
    });
    expect(done.statusCode).toBe(200);

    const open = await queue('open');
    expect(open.map((r) => r.id)).toEqual(expect.arrayContaining([xray!.id, ecg!.id]));
    expect(open.map((r) => r.id)).not.toContain(urine!.id);
    expect(open.every((r) => r.status !== 'completed')).toBe(true);
    const rank = (u: string) => ['STAT', 'Urgent', 'Routine'].indexOf(u);
    expect(open.map((r) => rank(r.urgency))).toEqual(open.map((r) => rank(r.urgency)).sort());

    const completedOn = async (day: string) => {
      const res = await api.call(
        s.tokens.lab_technician,
        'GET',
        `/api/lab/requests?status=completed&completedOn=${day}&limit=100`,
      );
      expect(res.statusCode).toBe(200);
      return (res.json().data.requests as { id: string }[]).map((r) => r.id);
    };
    // The suite's hospital keeps the default zone.
    const today = hospitalDate(new Date(), DEFAULT_TIME_ZONE);
    const yesterday = hospitalDate(new Date(Date.now() - 86_400_000), DEFAULT_TIME_ZONE);
    expect(await completedOn('today')).toContain(urine!.id);
    expect(await completedOn(today)).toContain(urine!.id);
    expect(await completedOn(yesterday)).not.toContain(urine!.id);

    const bad = await api.call(s.tokens.lab_technician, 'GET', '/api/lab/requests?completedOn=27-11-2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { field: 'completedOn', message: 'Completed on must be a date (YYYY-MM-DD) or today' },
    ]);
  });
});
