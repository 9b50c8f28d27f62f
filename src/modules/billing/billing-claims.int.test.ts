import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi, enrolledPatient, HMO } from '../../../test/helpers/billing-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { DEFAULT_TIME_ZONE, hospitalDate } from '../../shared/hospital-calendar';

describe('HMO claims', () => {
  let s: PatientsSuite;
  let otherAccountant: string;
  const api = billingApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const month = hospitalDate(new Date(), DEFAULT_TIME_ZONE).slice(0, 7);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'receptionist', 'accountant']);
    otherAccountant = (await hireAndSignIn(s.t, s.b.token, 'accountant')).token;
  });
  afterAll(async () => s?.t.close());

  const invoice = async (patientId: string, naira: number | string) =>
    (
      await api.expectOk(
        await api.call(s.tokens.accountant, 'POST', '/api/billing/invoices', {
          patientId,
          lines: [{ kind: 'consultation', description: 'Visit', quantity: 1, unitPrice: naira }],
        }),
        201,
      )
    ).data.invoice as { id: string; number: string };

  it("batches a month's unclaimed HMO shares into one claim, settles paid and rejected items, and exports CSV", async () => {
    const ada = await patients.registered(s.tokens.receptionist);
    const bola = await patients.registered(s.tokens.receptionist);
    const cover = { consultation: 90, medication: 0, lab: 0 };
    const hmoId = await enrolledPatient(api, s.tokens.accountant, ada.id, HMO('RELIANCE', cover), 'REL-1');
    await api.expectOk(
      await api.call(s.tokens.accountant, 'PUT', `/api/billing/patients/${bola.id}/hmo`, {
        hmoId,
        enrolleeNumber: 'REL-2, "B"',
      }),
    );
    const a = await invoice(ada.id, 1000);
    const b = await invoice(bola.id, '3333.33');
    // Partly paid by the HMO directly already: only the rest is claimed.
    await api.pay(s.tokens.accountant, a.id, { amount: 100, method: 'hmo' });

    const res = await api.call(s.tokens.accountant, 'POST', '/api/billing/claims', { hmoId, month });
    expect(res.statusCode, res.body).toBe(201);
    const claim = res.json().data.claim;
    expect(claim).toMatchObject({ claimNumber: 'CLM-000001', status: 'submitted', hmoName: 'RELIANCE Health' });
    // 90 % of ₦1,000 = ₦900, less ₦100 paid; 90 % of 333333 kobo = 299999.7 → 299999.
    expect(claim.items.map((i: { invoiceId: string; amountKobo: number }) => [i.invoiceId, i.amountKobo])).toEqual([
      [a.id, 80_000],
      [b.id, 299_999],
    ]);
    expect(claim.totalKobo).toBe(379_999);
    expect((await api.invoice(s.tokens.accountant, a.id)).hmoPendingKobo).toBe(80_000);

    const none = await api.call(s.tokens.accountant, 'POST', '/api/billing/claims', { hmoId, month });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(`No unclaimed RELIANCE Health shares for ${month}`);
    const voided = await api.call(s.tokens.accountant, 'POST', `/api/billing/invoices/${b.id}/void`, { reason: 'x' });
    expect(voided.json().message).toBe('An invoice in a submitted HMO claim cannot be voided');

    const csv = await api.call(s.tokens.accountant, 'GET', `/api/billing/claims/${claim.id}/csv`);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.split('\r\n')).toEqual([
      'claim_number,hmo,month,invoice_number,invoice_date,patient_name,enrollee_number,amount_naira,paid_naira,rejected_naira,reason',
      `CLM-000001,RELIANCE Health,${month},${a.number},${hospitalDate(new Date(), DEFAULT_TIME_ZONE)},${ada.name},REL-1,800.00,,,`,
      `CLM-000001,RELIANCE Health,${month},${b.number},${hospitalDate(new Date(), DEFAULT_TIME_ZONE)},${bola.name},"REL-2, ""B""",2999.99,,,`,
      '',
    ]);

    const noReason = await api.call(s.tokens.accountant, 'POST', `/api/billing/claims/${claim.id}/settle`, {
      items: [{ invoiceId: b.id, paid: 1000 }],
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('A reason is required for a rejected or short-paid item');
    const settled = await api.call(s.tokens.accountant, 'POST', `/api/billing/claims/${claim.id}/settle`, {
      items: [{ invoiceId: b.id, paid: 1000, reason: 'Tariff above the agreed rate' }],
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(settled.json().data.claim).toMatchObject({
      status: 'part-paid',
      paidKobo: 180_000,
      rejectedKobo: 199_999,
      items: [
        { invoiceId: a.id, paidKobo: 80_000, rejectedKobo: 0, reason: null },
        { invoiceId: b.id, paidKobo: 100_000, rejectedKobo: 199_999, reason: 'Tariff above the agreed rate' },
      ],
    });
    // A paid claim settles the shares; the rejected part moves to the patient.
    expect(await api.invoice(s.tokens.accountant, a.id)).toMatchObject({
      hmoBalanceKobo: 0,
      hmoPendingKobo: 0,
      balanceKobo: 10_000,
      patientBalanceKobo: 10_000,
    });
    expect(await api.invoice(s.tokens.accountant, b.id)).toMatchObject({
      hmoShareKobo: 100_000,
      hmoBalanceKobo: 0,
      patientShareKobo: 233_333,
      patientBalanceKobo: 233_333,
      status: 'part-paid',
    });
    const twice = await api.call(s.tokens.accountant, 'POST', `/api/billing/claims/${claim.id}/settle`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This claim is already settled');
    // The HMO's money is in the payments ledger, by method hmo, under the claim's number.
    const ledger = (await api.call(s.tokens.accountant, 'GET', '/api/billing/payments?method=hmo')).json().data;
    expect(ledger.payments.filter((p: { reference: string }) => p.reference === 'CLM-000001')).toHaveLength(2);
  });

  it('rejects a whole claim, and keeps claims to the hospital and its billing staff', async () => {
    const p = await patients.registered(s.tokens.receptionist);
    const hmoId = await enrolledPatient(
      api,
      s.tokens.accountant,
      p.id,
      HMO('LEADWAY', { consultation: 50, medication: 0, lab: 0 }),
    );
    const inv = await invoice(p.id, 200);
    const claim = (await api.call(s.tokens.admin, 'POST', '/api/billing/claims', { hmoId, month })).json().data.claim;
    expect(claim.claimNumber).toBe('CLM-000002');
    const rejected = await api.call(s.tokens.accountant, 'POST', `/api/billing/claims/${claim.id}/settle`, {
      items: [{ invoiceId: inv.id, paid: 0, reason: 'Not covered by plan' }],
    });
    expect(rejected.json().data.claim).toMatchObject({ status: 'rejected', paidKobo: 0, rejectedKobo: 10_000 });
    expect((await api.invoice(s.tokens.accountant, inv.id)).patientBalanceKobo).toBe(20_000);

    for (const [url, method] of [
      [`/api/billing/claims/${claim.id}`, 'GET'],
      [`/api/billing/claims/${claim.id}/csv`, 'GET'],
      [`/api/billing/claims/${claim.id}/settle`, 'POST'],
    ] as const) {
      expect((await api.call(otherAccountant, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(404);
      expect((await api.call(s.tokens.doctor, method, url, method === 'POST' ? {} : undefined)).statusCode).toBe(403);
    }
    const theirs = await api.call(otherAccountant, 'POST', '/api/billing/claims', { hmoId, month });
    expect(theirs.statusCode).toBe(404);
    expect((await api.call(otherAccountant, 'GET', '/api/billing/claims')).json().data.claims).toEqual([]);
    const bad = await api.call(s.tokens.accountant, 'POST', '/api/billing/claims', { hmoId, month: '2025-13' });
    expect(bad.json().errors).toEqual([{ field: 'month', message: 'Month must be a month (YYYY-MM)' }]);
    const list = (await api.call(s.tokens.accountant, 'GET', `/api/billing/claims?hmoId=${hmoId}`)).json().data;
    expect(list.claims.map((c: { id: string }) => c.id)).toEqual([claim.id]);
  });
});
