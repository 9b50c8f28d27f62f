import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

const med = (medicationName: string, dosage: string, quantity: number) => ({
  medicationName,
  dosage,
  frequency: 'Twice daily',
  duration: '5 days',
  quantity,
});

describe('dispensation activity and the pharmacist dashboard stats', () => {
  let s: PatientsSuite;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const activity = (token: string, query = '') => api.call(token, 'GET', `/api/pharmacy/dispensations${query}`);
  const stats = async () => (await api.call(s.tokens.pharmacist, 'GET', '/api/pharmacy/stats')).json().data;

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'pharmacist', 'receptionist']);
  });
  afterAll(async () => s?.t.close());

  const prescribe = async (prescriptions: object[]) => {
    const p = await patients.registered(s.tokens.receptionist);
    const res = await api.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Fever',
      primaryDiagnosis: 'Malaria',
      prescriptions,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return { patient: p, consultationId: res.json().consultation.id as string };
  };

  it('starts empty, then lists dispensations newest first with dosage, status and paging', async () => {
    const empty = await activity(s.tokens.pharmacist);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ data: [], pagination: { totalRecords: 0, totalPages: 0, hasNext: false } });
    expect(await stats()).toMatchObject({ pendingPrescriptions: 0, dispensedToday: 0, dispensedTotal: 0 });

    await api.stock(s.tokens.pharmacist, { name: 'Coartem', quantity: 50 });
    await api.stock(s.tokens.pharmacist, { name: 'Paracetamol', quantity: 50 });
    const first = await prescribe([med('Coartem', '80/480mg', 6)]);
    const second = await prescribe([med('Paracetamol', '500mg', 10), med('Unstocked Syrup', '5ml', 1)]);
    expect((await stats()).pendingPrescriptions).toBe(2);

    expect((await api.dispense(s.tokens.pharmacist, first.consultationId)).statusCode).toBe(200);
    expect((await api.dispense(s.tokens.pharmacist, second.consultationId, { items: [0] })).statusCode).toBe(200);

    const res = await activity(s.tokens.pharmacist, '?page=1&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalRecords: 2,
      hasPrev: false,
      hasNext: true,
    });
    expect(res.json().data).toEqual([
      expect.objectContaining({
        consultationId: second.consultationId,
        patientId: second.patient.id,
        patientName: second.patient.name,
        status: 'Partially Dispensed',
        medications: [{ name: 'Paracetamol', dosage: '500mg', quantity: 10 }],
      }),
    ]);
    const older = (await activity(s.tokens.pharmacist, '?page=2&limit=1')).json().data;
    expect(older).toEqual([
      expect.objectContaining({
        consultationId: first.consultationId,
        status: 'Completed',
        medications: [{ name: 'Coartem', dosage: '80/480mg', quantity: 6 }],
      }),
    ]);
    expect(await stats()).toMatchObject({ pendingPrescriptions: 1, dispensedToday: 2, dispensedTotal: 2 });
  });

  it("admits the admin, refuses other roles, and shows nothing of another hospital's", async () => {
    const asAdmin = await activity(s.tokens.admin);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().pagination.totalRecords).toBe(2);
    const refused = await activity(s.tokens.doctor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Access denied. Pharmacist role required.');
    const stranger = await hireAndSignIn(s.t, s.b.token, 'pharmacist');
    const elsewhere = await activity(stranger.token);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.json()).toMatchObject({ data: [], pagination: { totalRecords: 0 } });
  });

  it('refuses a page size above 100 with 400', async () => {
    expect((await activity(s.tokens.pharmacist, '?limit=500')).statusCode).toBe(400);
  });
});
