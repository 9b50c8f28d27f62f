import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi, HMO } from '../../../test/helpers/billing-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

/** What a billing request must be before it is acted on: numbers that are numbers, a key for one request, a patient of this hospital. */
describe('billing requests', () => {
  let s: PatientsSuite;
  let otherAccountant: string;
  const api = billingApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    // An app of its own: this file counts the store's head before and after.
    s = await startPatientsSuite(['receptionist', 'accountant'], { ownApp: true });
    otherAccountant = (await hireAndSignIn(s.t, s.b.token, 'accountant')).token;
  });
  afterAll(async () => s?.t.close());

  const invoiceOf = async (naira: number | string) =>
    api.manual(s.tokens.accountant, (await patients.registered(s.tokens.receptionist)).id, naira);

  /** Runs `act` and expects it to leave the event store as it was. */
  const writesNothing = async (act: () => Promise<void>) => {
    await api.settle();
    const before = await s.t.platform.store.headPosition();
    await act();
    await api.settle();
    expect(await s.t.platform.store.headPosition()).toEqual(before);
  };

  it('refuses an array, a boolean or an object where a number belongs with 400, writing nothing', async () => {
    const inv = await invoiceOf(100);
    const patient = await patients.registered(s.tokens.receptionist);
    await writesNothing(async () => {
      for (const amount of [[1], [100], true, { naira: 5 }]) {
        const res = await api.pay(s.tokens.accountant, inv.id, { amount, method: 'cash' });
        expect(res.statusCode, `${JSON.stringify(amount)}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({
          success: false,
          errors: [{ field: 'amount', message: 'Amount must be an amount in naira with at most 2 decimals' }],
        });
      }
      for (const line of [
        { description: 'Dressing', quantity: true, unitPrice: 10 },
        { description: 'Dressing', quantity: [2], unitPrice: 10 },
        { description: 'Dressing', quantity: 1, unitPrice: [10] },
      ]) {
        const res = await api.call(s.tokens.accountant, 'POST', '/api/billing/invoices', {
          patientId: patient.id,
          lines: [line],
        });
        expect(res.statusCode, `${JSON.stringify(line)}: ${res.body}`).toBe(400);
        expect(res.json().success).toBe(false);
      }
      // Each line within bounds, their total past what a number holds exactly (it answered 500).
      const huge = await api.call(s.tokens.accountant, 'POST', '/api/billing/invoices', {
        patientId: patient.id,
        lines: Array.from({ length: 100 }, (_, i) => ({
          description: `Line ${i}`,
          quantity: 10_000,
          unitPrice: 100_000_000,
        })),
      });
      expect(huge.statusCode, huge.body).toBe(400);
      expect(huge.json().errors).toEqual([
        { field: 'lines', message: 'The invoice total may be at most ₦10,000,000,000.00' },
      ]);
      const hmo = await api.call(s.tokens.accountant, 'POST', '/api/billing/hmos', {
        ...HMO('ARR'),
        coverage: { consultation: [50], medication: true, lab: 0 },
      });
      expect(hmo.statusCode).toBe(400);
      expect(
        hmo
          .json()
          .errors.map((e: { field: string }) => e.field)
          .sort(),
      ).toEqual(['coverage.consultation', 'coverage.medication']);
    });
    expect((await api.invoice(s.tokens.accountant, inv.id)).paidKobo).toBe(0);
  });

  it('answers a retry with the same Idempotency-Key and body once, and refuses the key for a different request with 422', async () => {
    const inv = await invoiceOf(1000);
    const body = { amount: 300, method: 'transfer', reference: 'TRF-1' };
    const first = await api.pay(s.tokens.accountant, inv.id, body, 'key-amount');
    expect(first.statusCode, first.body).toBe(201);
    // The same request as typed differently ('300.00' naira is 300 naira) is the same request.
    const retry = await api.pay(s.tokens.accountant, inv.id, { ...body, amount: '300.00' }, 'key-amount');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.payment.id).toBe(first.json().data.payment.id);

    const other = await invoiceOf(1000);
    await writesNothing(async () => {
      for (const [invoiceId, changed] of [
        [inv.id, { ...body, amount: 301 }],
        [inv.id, { ...body, method: 'cash' }],
        [inv.id, { ...body, reference: 'TRF-2' }],
        [other.id, body],
      ] as const) {
        const res = await api.pay(s.tokens.accountant, invoiceId, changed, 'key-amount');
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toMatchObject({
          success: false,
          code: 'IDEMPOTENCY_KEY_REUSED',
          message: 'Idempotency-Key key-amount was already used for a different request',
        });
      }
    });
    const after = await api.invoice(s.tokens.accountant, inv.id);
    expect(after.paidKobo).toBe(30_000);
    expect(after.payments).toHaveLength(1);
    expect((await api.invoice(s.tokens.accountant, other.id)).paidKobo).toBe(0);
  });

  it('refuses a burst of one key with different amounts: one payment, the others 422', async () => {
    const inv = await invoiceOf(1000);
    const burst = await Promise.all(
      [100, 200, 300, 400].map((amount) =>
        api.pay(s.tokens.accountant, inv.id, { amount, method: 'cash' }, 'key-burst-amounts'),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 422, 422, 422]);
    const paid = burst.find((r) => r.statusCode === 201)!.json().data.payment.amountKobo;
    expect((await api.invoice(s.tokens.accountant, inv.id)).paidKobo).toBe(paid);
  });

  it("answers 404 for another hospital's patient (or none) on every patient route of billing", async () => {
    const ours = await patients.registered(s.tokens.receptionist);
    const theirs = await patients.registered(s.otherReceptionist);
    const created = await api.call(otherAccountant, 'POST', '/api/billing/hmos', HMO('THEIRS'));
    const theirHmo = created.json().data.hmo.id as string;

    const mine = await api.call(s.tokens.accountant, 'GET', `/api/billing/patients/${ours.id}/hmo`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toEqual({ enrollment: null });

    for (const id of [theirs.id, '00000000-0000-0000-0000-000000000000', 'no-such-patient']) {
      const get = await api.call(s.tokens.accountant, 'GET', `/api/billing/patients/${id}/hmo`);
      expect(get.statusCode, `${id}: ${get.body}`).toBe(404);
      expect(get.json()).toEqual({ success: false, message: 'Patient not found' });
      const put = await api.call(s.tokens.accountant, 'PUT', `/api/billing/patients/${id}/hmo`, {
        hmoId: theirHmo,
        enrolleeNumber: 'ENR-9',
      });
      expect(put.statusCode).toBe(404);
      expect((await api.call(s.tokens.accountant, 'DELETE', `/api/billing/patients/${id}/hmo`)).statusCode).toBe(404);
    }
    const invoice = await api.call(s.tokens.accountant, 'POST', '/api/billing/invoices', {
      patientId: theirs.id,
      lines: [{ description: 'Dressing', unitPrice: 10 }],
    });
    expect(invoice.statusCode).toBe(404);
    // Their accountant still sees their own patient.
    expect((await api.call(otherAccountant, 'GET', `/api/billing/patients/${theirs.id}/hmo`)).statusCode).toBe(200);
  });
});
