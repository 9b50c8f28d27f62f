import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

const consultation = (patientId: string) => ({
  patientId,
  chiefComplaint: 'Fever for three days',
  primaryDiagnosis: 'Malaria',
  vitals: { bloodPressure: '120/80', pulseRate: 88, temperature: 38.5, weight: 70 },
  prescriptions: [],
  labOrders: [],
});

describe("the doctor's Total Patients Seen (issue 34 §6)", () => {
  let s: PatientsSuite;
  let secondDoctor: string;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const seen = async (token: string) => {
    const res = await s.t.app.inject({
      method: 'GET',
      url: '/api/consultations/stats/mine',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    return res;
  };

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'receptionist', 'pharmacist']);
    secondDoctor = (await hireAndSignIn(s.t, s.a.token, 'doctor')).token;
  });
  afterAll(async () => s?.t.close());

  it('counts the distinct patients this doctor has recorded a consultation for', async () => {
    expect((await seen(s.tokens.doctor)).json()).toMatchObject({ success: true, data: { patientsSeen: 0 } });
    const p = await patients.registered(s.tokens.receptionist);
    const q = await patients.registered(s.tokens.receptionist);
    expect((await api.consult(s.tokens.doctor, consultation(p.id))).statusCode).toBe(201);
    expect((await seen(s.tokens.doctor)).json().data.patientsSeen).toBe(1);
    // The same patient again is still one patient; another patient makes two.
    expect((await api.consult(s.tokens.doctor, consultation(p.id))).statusCode).toBe(201);
    expect((await api.consult(s.tokens.doctor, consultation(q.id))).statusCode).toBe(201);
    expect((await seen(s.tokens.doctor)).json().data.patientsSeen).toBe(2);
    // Another doctor's count is their own.
    expect((await seen(secondDoctor)).json().data.patientsSeen).toBe(0);
  });

  it('is a doctor-only figure', async () => {
    expect((await seen(s.tokens.pharmacist)).statusCode).toBe(403);
  });
});
