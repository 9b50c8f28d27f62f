import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

type Role = keyof PatientsSuite['tokens'];
const ROLES: Role[] = ['admin', 'doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist', 'accountant'];

describe('admitting a patient (POST /api/patients/{id}/admissions)', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  const admit = (token: string, id: string, payload: object) =>
    api.call(token, 'POST', `/api/patients/${id}/admissions`, payload);

  beforeAll(async () => {
    s = await startPatientsSuite();
  });
  afterAll(async () => s?.t.close());

  const fresh = () => api.registered(s.tokens.receptionist);

  it('records PatientAdmitted with its metadata and shows the admission on the record', async () => {
    const p = await fresh();
    const res = await admit(s.tokens.doctor, p.id, { ward: '  Ward B ', reason: 'Severe malaria, IV fluids' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Patient admitted successfully!');
    expect(body.data.patient.admission).toMatchObject({ ward: 'Ward B', reason: 'Severe malaria, IV fluids' });
    expect(body.data.patient.version).toBe(2);

    const events = await s.t.platform.store.readStream(`patient-${p.id}`);
    expect(events.map((e) => e.type)).toEqual(['PatientRegistered', 'PatientAdmitted']);
    const admitted = events[1]!;
    expect(admitted.data).toEqual({ patientId: p.id, ward: 'Ward B', reason: 'Severe malaria, IV fluids' });
    expect(admitted.metadata).toMatchObject({ hospitalId: s.a.hospital.id, actor: { role: 'doctor' } });
    expect(admitted.metadata.requestId).toBeTruthy();
    expect(admitted.metadata.ip).toBeTruthy();

    const detail = (await api.get(s.tokens.nurse, p.id)).json().data;
    expect(detail.admission).toEqual({
      ward: 'Ward B',
      reason: 'Severe malaria, IV fluids',
      admittedAt: admitted.metadata.occurredAt,
      admittedBy: { id: admitted.metadata.actor.userId, name: admitted.metadata.actor.name },
    });
  });

  it('refuses a second admission until a discharge ends the first', async () => {
    const p = await fresh();
    expect((await admit(s.tokens.doctor, p.id, { ward: 'Ward A' })).statusCode).toBe(201);
    const again = await admit(s.tokens.admin, p.id, { ward: 'Ward C' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This patient is already admitted', code: 'ALREADY_ADMITTED' });

    expect((await api.status(s.tokens.doctor, p.id, { status: 'discharged' })).statusCode).toBe(200);
    expect((await api.get(s.tokens.doctor, p.id)).json().data.admission).toBeNull();
    const readmitted = await admit(s.tokens.doctor, p.id, { ward: 'Ward C' });
    expect(readmitted.statusCode).toBe(201);
    expect(readmitted.json().data.patient.admission).toMatchObject({ ward: 'Ward C', reason: null });
  });

  it("answers 'Ward is required' on the ward field without appending anything", async () => {
    const p = await fresh();
    for (const payload of [{}, { ward: '   ' }]) {
      const res = await admit(s.tokens.doctor, p.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ field: 'ward', message: 'Ward is required' });
    }
    expect((await s.t.platform.store.readStream(`patient-${p.id}`)).length).toBe(1);
  });

  it('is for doctors and admins only', async () => {
    for (const role of ROLES) {
      const p = await fresh();
      const res = await admit(s.tokens[role], p.id, { ward: 'Ward A' });
      if (role === 'doctor' || role === 'admin') expect(res.statusCode, role).toBe(201);
      else {
        expect(res.statusCode, role).toBe(403);
        expect(res.json().message, role).toBe('Access denied. You do not have permission to admit patients.');
      }
    }
    const p = await fresh();
    const anonymous = await s.t.app.inject({
      method: 'POST',
      url: `/api/patients/${p.id}/admissions`,
      headers: { 'content-type': 'application/json' },
      payload: { ward: 'Ward A' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 for another hospital's patient and a deleted one, changing nothing", async () => {
    const p = await fresh();
    const theirs = await admit(s.b.token, p.id, { ward: 'Ward A' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: 'Patient not found' });
    expect((await s.t.platform.store.readStream(`patient-${p.id}`)).length).toBe(1);

    const gone = await fresh();
    await api.remove(s.tokens.receptionist, gone.id);
    expect((await admit(s.tokens.doctor, gone.id, { ward: 'Ward A' })).statusCode).toBe(404);
    expect((await admit(s.tokens.doctor, 'no-such-patient', { ward: 'Ward A' })).statusCode).toBe(404);
  });
});
