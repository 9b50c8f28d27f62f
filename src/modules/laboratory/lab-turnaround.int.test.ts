import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { randomIp } from '../../../test/helpers/onboard';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

const MINUTE = 60_000;

describe('GET /api/lab/turnaround', () => {
  let s: PatientsSuite;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'doctor', 'lab_technician']);
  });
  afterEach(() => vi.useRealTimers());
  afterAll(async () => s?.t.close());

  /** Orders the tests at `at`; returns their lab request ids by test name. */
  const orderAt = async (at: number, labOrders: object[]) => {
    vi.setSystemTime(at);
    const p = await patients.registered(s.tokens.receptionist);
    const res = await api.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Fever',
      primaryDiagnosis: 'Malaria',
      labOrders,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    const orders = res.json().consultation.labOrders as { id: string; testName: string }[];
    return Object.fromEntries(orders.map((o) => [o.testName, o.id]));
  };
  const resultAt = async (at: number, id: string) => {
    vi.setSystemTime(at);
    const res = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${id}/results`, {
      results: 'Within range',
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  };

  /** A fresh admin session (the server's idle time-out ends ones left unused while the clock jumps). */
  const adminToken = async (who: { adminEmail: string; adminPassword: string }) => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
      payload: { email: who.adminEmail, password: who.adminPassword },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().token as string;
  };

  it('gives the median and 90th percentile per test from order to results, slowest first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    // The lab technician's results come up to 41 minutes apart: within the hospital's idle time-out.
    const idle = await api.call(s.tokens.admin, 'PUT', '/api/hospital/settings', { idleTimeoutMinutes: 60 });
    if (idle.statusCode !== 200) throw new Error(idle.body);
    const { 'Full Blood Count': fbc1, ECG: ecg } = await orderAt(t0, [
      { testName: 'Full Blood Count' },
      { testName: 'ECG', urgency: 'STAT' },
    ]);
    const { 'Full Blood Count': fbc2 } = await orderAt(t0 + MINUTE, [{ testName: 'Full Blood Count' }]);
    const { 'Full Blood Count': fbc3 } = await orderAt(t0 + 2 * MINUTE, [{ testName: 'Full Blood Count' }]);
    await orderAt(t0 + 3 * MINUTE, [{ testName: 'Urine Analysis' }]); // never completed: not counted
    await resultAt(t0 + 5 * MINUTE, ecg!);
    await resultAt(t0 + 10 * MINUTE, fbc1!); // 10 min
    await resultAt(t0 + 21 * MINUTE, fbc2!); // 20 min
    await resultAt(t0 + 62 * MINUTE, fbc3!); // 60 min

    const res = await api.call(await adminToken(s.a), 'GET', '/api/lab/turnaround');
    expect(res.statusCode).toBe(200);
    const { days, tests } = res.json().data;
    expect(days).toBe(30);
    expect(tests).toEqual([
      // 10, 20, 60: median 20; p90 = 20 + 0.8 × (60 − 20) = 52.
      { testCode: expect.any(String), testName: 'Full Blood Count', completed: 3, medianMinutes: 20, p90Minutes: 52 },
      { testCode: expect.any(String), testName: 'ECG', completed: 1, medianMinutes: 5, p90Minutes: 5 },
    ]);

    // Another hospital sees none of it.
    const other = await api.call(await adminToken(s.b), 'GET', '/api/lab/turnaround');
    expect(other.json().data.tests).toEqual([]);
  });

  it('is for the admin only, and refuses a bad window', async () => {
    const tech = await api.call(s.tokens.lab_technician, 'GET', '/api/lab/turnaround');
    expect(tech.statusCode).toBe(403);
    expect(tech.json().message).toBe('Access denied. You do not have permission to view lab turnaround times.');
    expect((await api.call(s.tokens.admin, 'GET', '/api/lab/turnaround?days=0')).statusCode).toBe(400);
  });
});
