import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn, upgradeToHospitalPlan } from '../../../test/helpers/staff-api';

const PHARMACISTS = 8;
const EACH = 5;

/**
 * Eight pharmacists dispensing one drug at the same moment race for its stock, not for each
 * other's prescriptions: every one of them is served, the stock ends exact, and a 409 is left for a
 * real conflict (the last units gone, a prescription another pharmacist just dispensed).
 */
describe('dispensing one medication from many desks at once', () => {
  let s: PatientsSuite;
  let pharmacists: string[];
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'receptionist', 'pharmacist']);
    await upgradeToHospitalPlan(s.t, s.tokens.admin);
    pharmacists = [s.tokens.pharmacist];
    for (let i = 1; i < PHARMACISTS; i++)
      pharmacists.push((await hireAndSignIn(s.t, s.tokens.admin, 'pharmacist')).token);
  });
  afterAll(async () => s?.t.close());

  const prescribe = async (name: string) => {
    const p = await patients.registered(s.tokens.receptionist);
    const res = await api.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Fever',
      primaryDiagnosis: 'Malaria',
      prescriptions: [
        { medicationName: name, dosage: '80/480mg', frequency: 'Twice daily', duration: '3 days', quantity: EACH },
      ],
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().consultation.id as string;
  };
  const stockOf = async (name: string) => {
    const inventory = (await api.inventory(s.tokens.pharmacist)).medications as {
      name: string;
      stockQuantity: number;
    }[];
    return inventory.filter((m) => m.name === name).reduce((n, m) => n + m.stockQuantity, 0);
  };

  it(`serves ${PHARMACISTS} pharmacists at once with no spurious 409, and the stock ends exact`, async () => {
    await api.stock(s.tokens.pharmacist, { name: 'Coartem', quantity: PHARMACISTS * EACH });
    const consultations: string[] = [];
    for (let i = 0; i < PHARMACISTS; i++) consultations.push(await prescribe('Coartem'));

    const answers = await Promise.all(consultations.map((id, i) => api.dispense(pharmacists[i]!, id)));
    expect(answers.map((a) => `${a.statusCode} ${a.statusCode === 200 ? '' : a.body}`)).toEqual(
      answers.map(() => '200 '),
    );
    expect(await stockOf('Coartem')).toBe(0);

    // Now a real conflict: nothing is left for one more prescription.
    const late = await api.dispense(pharmacists[0]!, await prescribe('Coartem'));
    expect(late.statusCode).toBe(409);
  });

  it('still answers two pharmacists dispensing the same prescription with one dispensing only', async () => {
    await api.stock(s.tokens.pharmacist, { name: 'Amoxil', quantity: 100 });
    const id = await prescribe('Amoxil');
    const both = await Promise.all(pharmacists.slice(0, 4).map((token) => api.dispense(token, id)));
    const dispensedItems = both.filter((r) => r.statusCode === 200).map((r) => r.json().data.dispensed as number[]);
    // Whatever each desk was told, the prescription's one item left the stock exactly once.
    expect(await stockOf('Amoxil')).toBe(100 - EACH);
    expect(dispensedItems.flat()).toEqual([0]);
  });
});
