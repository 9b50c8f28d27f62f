import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

type Row = { id: string; patientName: string; testName: string; status: string; activityAt?: string };

describe('lab activity and the searchable results list', () => {
  let s: PatientsSuite;
  let otherLab: string;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'receptionist', 'lab_technician', 'pharmacist']);
    otherLab = (await hireAndSignIn(s.t, s.b.token, 'lab_technician')).token;
  });
  afterAll(async () => s?.t.close());

  const order = async (firstName: string, labOrders: object[]) => {
    // A surname of its own: the search below looks for 'chukwu', which a generated one (Nwachukwu) may hold.
    const p = await patients.registered(s.tokens.receptionist, { firstName, lastName: `Adeyemi-${firstName}` });
    const res = await api.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Fever',
      primaryDiagnosis: 'Malaria',
      labOrders,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return (res.json().consultation.labOrders as Row[]).map((o) => o.id);
  };
  const get = async (url: string, token = s.tokens.lab_technician) => {
    const res = await api.call(token, 'GET', url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };

  it('lists every request once at its latest step, the most recent change first, paginated', async () => {
    const [first] = await order('Adaeze', [{ testName: 'Full Blood Count' }]);
    const [second] = await order('Bolaji', [{ testName: 'ECG', urgency: 'STAT' }]);
    expect((await get('/api/lab/activity?limit=2')).activities.map((r: Row) => r.id)).toEqual([second, first]);

    // Starting the older request makes it the latest activity; results then move it again.
    await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${first}/start`);
    const afterStart = await get('/api/lab/activity?limit=2');
    expect(afterStart.activities.map((r: Row) => [r.id, r.status])).toEqual([
      [first, 'in progress'],
      [second, 'pending'],
    ]);
    await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${second}/results`, {
      results: { Rhythm: 'Sinus' },
      conductedBy: 'Bisi Ade',
    });
    const page1 = await get('/api/lab/activity?limit=1');
    expect(page1.activities[0]).toMatchObject({ id: second, status: 'completed', conductedBy: 'Bisi Ade' });
    expect(Date.parse(page1.activities[0].activityAt)).toBeGreaterThan(Date.parse(afterStart.activities[0].activityAt));
    expect(page1.pagination).toEqual({ currentPage: 1, totalPages: 2, totalRecords: 2, hasPrev: false, hasNext: true });
    const page2 = await get('/api/lab/activity?limit=1&page=2');
    expect(page2.activities.map((r: Row) => r.id)).toEqual([first]);

    // The doctor follows the lab's work; other roles and hospitals do not see it.
    expect((await get('/api/lab/activity', s.tokens.doctor)).pagination.totalRecords).toBe(2);
    expect((await api.call(s.tokens.pharmacist, 'GET', '/api/lab/activity')).statusCode).toBe(403);
    expect((await get('/api/lab/activity', otherLab)).activities).toEqual([]);
    expect((await api.call(s.tokens.lab_technician, 'GET', '/api/lab/activity?limit=0')).statusCode).toBe(400);
  });

  it('searches requests by patient, test, code and request id, wildcards read as text', async () => {
    const [kft] = await order('Chukwuemeka', [{ testName: 'Kidney Function Test' }]);
    await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${kft}/results`, { results: 'Normal' });
    const names = async (query: string) =>
      (await get(`/api/lab/requests?status=completed&search=${encodeURIComponent(query)}`)).requests.map(
        (r: Row) => r.testName,
      );
    expect(await names('chukwu')).toEqual(['Kidney Function Test']);
    expect(await names('KFT')).toEqual(['Kidney Function Test']);
    expect(await names(kft!.slice(0, 8))).toEqual(['Kidney Function Test']);
    expect(await names('ECG')).toEqual(['ECG']);
    expect(await names('%')).toEqual([]);
    expect(await names('Adaeze')).toEqual([]); // her test is not completed
    const all = await get('/api/lab/requests?search=a');
    expect(all.pagination.totalRecords).toBeGreaterThanOrEqual(3);
  });
});
