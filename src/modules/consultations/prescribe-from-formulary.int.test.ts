import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

describe('the doctor prescribes from the formulary (issue 34 §1)', () => {
  let s: PatientsSuite;
  const clinic = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const item = (medicationName: string, medicationId?: string | null) => ({
    medicationName,
    ...(medicationId !== undefined ? { medicationId } : {}),
    dosage: '1 tablet',
    frequency: 'Twice daily',
    duration: '5 days',
    quantity: 10,
  });

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'pharmacist', 'receptionist']);
  });
  afterAll(async () => s?.t.close());

  it("lists the formulary for the doctor with each medication's id, and records the id picked", async () => {
    await clinic.stock(s.tokens.pharmacist, { name: 'Metformin 500mg tablet', quantity: 30 });
    const groups = await clinic.call(s.tokens.doctor, 'GET', '/api/inventory/medications/groups');
    expect(groups.statusCode, groups.body).toBe(200);
    const metformin = groups.json().data.groups.find((g: { name: string }) => g.name === 'Metformin 500mg tablet');
    expect(metformin.medicationId).toEqual(expect.any(String));

    const p = await patients.registered(s.tokens.receptionist);
    const res = await clinic.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Thirst',
      primaryDiagnosis: 'Type 2 diabetes',
      prescriptions: [item('Metformin 500mg tablet', metformin.medicationId), item('Herbal tea (own supply)')],
    });
    expect(res.statusCode, res.body).toBe(201);
    const meds = res.json().data.consultation.prescriptions;
    expect(
      meds.map((m: { medicationName: string; medicationId: string | null }) => [m.medicationName, m.medicationId]),
    ).toEqual([
      ['Metformin 500mg tablet', metformin.medicationId],
      ['Herbal tea (own supply)', null],
    ]);
  });

  it("refuses an id that is not a medication of this hospital's formulary", async () => {
    await clinic.stock(s.b.token, { name: 'Their Metformin', quantity: 5 });
    const theirs = (await clinic.call(s.b.token, 'GET', '/api/inventory/medications/groups')).json().data.groups[0];
    const p = await patients.registered(s.tokens.receptionist);
    const res = await clinic.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Thirst',
      primaryDiagnosis: 'Type 2 diabetes',
      prescriptions: [item('Their Metformin', theirs.medicationId)],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'prescriptions.0.medicationId', message: "Medication is not in this hospital's formulary" },
    ]);
  });
});
