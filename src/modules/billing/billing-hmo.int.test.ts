import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi, enrolledPatient, HMO } from '../../../test/helpers/billing-api';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

describe('HMO providers, enrollment and the invoice split', () => {
  let s: PatientsSuite;
  let otherAccountant: string;
  const api = billingApi(() => s.t);
  const clinic = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'nurse', 'receptionist', 'accountant']);
    otherAccountant = (await hireAndSignIn(s.t, s.b.token, 'accountant')).token;
  });
  afterAll(async () => s?.t.close());

  it('keeps providers per hospital, with a unique code, for the accountant and the admin only', async () => {
    const res = await api.call(s.tokens.accountant, 'POST', '/api/billing/hmos', {
      ...HMO('hyg'),
      coverage: { consultation: '12.5', medication: 0, lab: 100 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const hmo = res.json().data.hmo;
    expect(hmo).toMatchObject({ code: 'HYG', coverage: { consultation: 12.5, medication: 0, lab: 100 }, active: true });
    const again = await api.call(s.tokens.admin, 'POST', '/api/billing/hmos', HMO('HYG'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An HMO with code HYG already exists');
    // Another hospital may use the code; it does not see this one.
    expect((await api.call(otherAccountant, 'POST', '/api/billing/hmos', HMO('HYG'))).statusCode).toBe(201);
    expect((await api.call(otherAccountant, 'GET', `/api/billing/hmos/${hmo.id}`)).statusCode).toBe(404);
    const theirs = await api.call(otherAccountant, 'PUT', `/api/billing/hmos/${hmo.id}`, HMO('HYG'));
    expect(theirs.statusCode).toBe(404);
    const list = (await api.call(otherAccountant, 'GET', '/api/billing/hmos')).json().data.hmos;
    expect(list.map((h: { id: string }) => h.id)).not.toContain(hmo.id);

    const bad = await api.call(s.tokens.accountant, 'POST', '/api/billing/hmos', {
      name: '',
      code: 'A B',
      coverage: { consultation: 101, medication: '1.234' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'HMO name is required' },
        { field: 'code', message: 'HMO code may hold only letters, digits and dashes' },
        { field: 'coverage.consultation', message: 'Consultation cover must be a percentage from 0 to 100' },
        { field: 'coverage.medication', message: 'Medication cover may have at most 2 decimals' },
      ]),
    );
    const renamed = await api.call(s.tokens.admin, 'PUT', `/api/billing/hmos/${hmo.id}`, {
      ...HMO('HYG'),
      name: 'Hygeia HMO',
      active: false,
    });
    expect(renamed.json().data.hmo).toMatchObject({ name: 'Hygeia HMO', active: false });
    const recoded = await api.call(s.tokens.admin, 'PUT', `/api/billing/hmos/${hmo.id}`, HMO('OTHER'));
    expect(recoded.json().errors).toEqual([{ field: 'code', message: 'HMO code cannot be changed' }]);
    for (const role of ['doctor', 'nurse', 'receptionist'] as const) {
      expect((await api.call(s.tokens[role], 'GET', '/api/billing/hmos')).statusCode).toBe(403);
      expect((await api.call(s.tokens[role], 'POST', '/api/billing/hmos', HMO('X'))).statusCode).toBe(403);
    }
    const events = await s.t.platform.store.readStream(`billing-hmo-${hmo.id}`);
    expect(events.map((e) => [e.type, e.metadata.actor.role])).toEqual([
      ['HmoProviderSaved', 'accountant'],
      ['HmoProviderSaved', 'admin'],
    ]);
  });

  it('enrolls a patient of the hospital with an active HMO of the hospital', async () => {
    const p = await patients.registered(s.tokens.receptionist);
    const hmoId = await enrolledPatient(api, s.tokens.accountant, p.id, HMO('AXA'), 'AXA/123/A');
    const got = (await api.call(s.tokens.accountant, 'GET', `/api/billing/patients/${p.id}/hmo`)).json().data;
    expect(got.enrollment).toMatchObject({ patientId: p.id, enrolleeNumber: 'AXA/123/A', hmo: { id: hmoId } });
    const detail = (await api.call(s.tokens.accountant, 'GET', `/api/billing/hmos/${hmoId}`)).json().data;
    expect(detail.enrollees).toEqual([expect.objectContaining({ patientId: p.id, enrolleeNumber: 'AXA/123/A' })]);

    const theirPatient = await patients.registered(s.otherReceptionist);
    const enroll = (token: string, patientId: string, body: object) =>
      api.call(token, 'PUT', `/api/billing/patients/${patientId}/hmo`, body);
    expect((await enroll(s.tokens.accountant, theirPatient.id, { hmoId, enrolleeNumber: '1' })).statusCode).toBe(404);
    const hmoOfB = (await api.call(otherAccountant, 'POST', '/api/billing/hmos', HMO('B-ONLY'))).json().data.hmo.id;
    const wrongHmo = await enroll(s.tokens.accountant, p.id, { hmoId: hmoOfB, enrolleeNumber: '1' });
    expect(wrongHmo.statusCode).toBe(404);
    expect(wrongHmo.json().message).toBe('HMO not found');
    expect((await enroll(s.tokens.receptionist, p.id, { hmoId, enrolleeNumber: '1' })).statusCode).toBe(403);
    const missing = await enroll(s.tokens.accountant, p.id, { hmoId });
    expect(missing.json().errors).toEqual([{ field: 'enrolleeNumber', message: 'Enrollee number is required' }]);
    await api.call(s.tokens.accountant, 'PUT', `/api/billing/hmos/${hmoId}`, { ...HMO('AXA'), active: false });
    const inactive = await enroll(s.tokens.accountant, p.id, { hmoId, enrolleeNumber: '2' });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe('This HMO is not active');

    expect((await api.call(s.tokens.accountant, 'DELETE', `/api/billing/patients/${p.id}/hmo`)).statusCode).toBe(200);
    const after = (await api.call(s.tokens.accountant, 'GET', `/api/billing/patients/${p.id}/hmo`)).json().data;
    expect(after.enrollment).toBeNull();
  });

  it("splits an enrolled patient's invoice per line, the remainder kobo on the patient, and tracks each payer", async () => {
    const p = await patients.registered(s.tokens.receptionist);
    await enrolledPatient(
      api,
      s.tokens.accountant,
      p.id,
      HMO('SPLIT', { consultation: 33.33, medication: 50, lab: 0 }),
    );
    const res = await api.call(s.tokens.accountant, 'POST', '/api/billing/invoices', {
      patientId: p.id,
      lines: [
        { kind: 'consultation', description: 'Review', quantity: 1, unitPrice: '100.01' },
        { kind: 'medication', description: 'Coartem', quantity: 3, unitPrice: '0.33' },
        { kind: 'other', description: 'Card', quantity: 1, unitPrice: 500 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const inv = res.json().data.invoice;
    // 10001 × 33.33 % = 3333.33 → 3333 to the HMO; 99 × 50 % = 49.5 → 49; the card is the patient's.
    expect(inv.lines.map((l: { hmoKobo: number }) => l.hmoKobo)).toEqual([3333, 49, 0]);
    expect(inv).toMatchObject({
      totalKobo: 60_100,
      hmo: { name: 'SPLIT Health', enrolleeNumber: 'ENR-001' },
      hmoShareKobo: 3382,
      patientShareKobo: 56_718,
      hmoBalanceKobo: 3382,
      patientBalanceKobo: 56_718,
    });

    const over = await api.pay(s.tokens.accountant, inv.id, { amount: '567.19', method: 'cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Payment of ₦567.19 is more than the balance of ₦567.18');
    const copay = await api.pay(s.tokens.accountant, inv.id, { amount: '567.18', method: 'pos' });
    expect(copay.json().data.invoice).toMatchObject({
      status: 'part-paid',
      patientBalanceKobo: 0,
      hmoBalanceKobo: 3382,
    });
    const again = await api.pay(s.tokens.accountant, inv.id, { amount: 1, method: 'cash' });
    expect(again.json().message).toBe("The patient's share is already paid");
    const byHmo = await api.pay(s.tokens.accountant, inv.id, { amount: '33.82', method: 'hmo', reference: 'REMIT-9' });
    expect(byHmo.json().data.payment.payer).toBe('hmo');
    expect(byHmo.json().data.invoice).toMatchObject({ status: 'paid', hmoBalanceKobo: 0, balanceKobo: 0 });
  });

  it("splits the consultation's invoice raised by the clinic, and not after the enrollment ends", async () => {
    const p = await patients.registered(s.tokens.receptionist);
    await enrolledPatient(api, s.tokens.accountant, p.id, HMO('CLINIC', { consultation: 70, medication: 0, lab: 0 }));
    const consult = async () => {
      const res = await clinic.consult(s.tokens.doctor, {
        patientId: p.id,
        chiefComplaint: 'Cough',
        primaryDiagnosis: 'URTI',
        billing: { consultationFee: '5000.05' },
      });
      expect(res.statusCode, res.body).toBe(201);
      await api.settle();
      return api.invoice(s.tokens.accountant, res.json().consultation.id);
    };
    expect(await consult()).toMatchObject({ totalKobo: 500_005, hmoShareKobo: 350_003, patientShareKobo: 150_002 });
    await api.call(s.tokens.accountant, 'DELETE', `/api/billing/patients/${p.id}/hmo`);
    expect(await consult()).toMatchObject({ totalKobo: 500_005, hmo: null, hmoShareKobo: 0 });
  });

  it('ages what is owed by patient and by HMO: 0–30, 31–60, 61–90, 90+ days', async () => {
    const p = await patients.registered(s.tokens.receptionist);
    const hmoId = await enrolledPatient(
      api,
      s.tokens.accountant,
      p.id,
      HMO('AGE', { consultation: 50, medication: 0, lab: 0 }),
    );
    const raise = async (naira: number) =>
      (
        await api.expectOk(
          await api.call(s.tokens.accountant, 'POST', '/api/billing/invoices', {
            patientId: p.id,
            lines: [{ kind: 'consultation', description: 'Visit', quantity: 1, unitPrice: naira }],
          }),
          201,
        )
      ).data.invoice.id as string;
    const ids = [await raise(100), await raise(200), await raise(400), await raise(800)];
    // Back-date three of them in the read model, as if raised 45, 75 and 120 days ago.
    for (const [id, days] of [
      [ids[1]!, 45],
      [ids[2]!, 75],
      [ids[3]!, 120],
    ] as const) {
      await s.t.platform.db
        .updateTable('billing_invoices')
        .set({ created_on: new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10) })
        .where('invoice_id', '=', id)
        .execute();
    }
    await api.pay(s.tokens.accountant, ids[0]!, { amount: 20, method: 'cash' });
    const report = async (token: string, by: string) =>
      (await api.expectOk(await api.call(token, 'GET', `/api/billing/reports/outstanding?by=${by}`))).data;
    const byPatient = await report(s.tokens.accountant, 'patient');
    expect(byPatient.rows.find((r: { id: string }) => r.id === p.id)).toEqual({
      id: p.id,
      name: p.name,
      invoices: 4,
      d0_30: 3000,
      d31_60: 10_000,
      d61_90: 20_000,
      d90plus: 40_000,
      totalKobo: 73_000,
    });
    const byHmo = await report(s.tokens.admin, 'hmo');
    expect(byHmo.rows.find((r: { id: string }) => r.id === hmoId)).toMatchObject({
      name: 'AGE Health',
      d0_30: 5000,
      d31_60: 10_000,
      d61_90: 20_000,
      d90plus: 40_000,
      totalKobo: 75_000,
    });
    expect((await report(otherAccountant, 'hmo')).rows.find((r: { id: string }) => r.id === hmoId)).toBeUndefined();
    expect((await api.call(s.tokens.doctor, 'GET', '/api/billing/reports/outstanding')).statusCode).toBe(403);
  });
});
