import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingApi } from '../../../test/helpers/billing-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { DEFAULT_TIME_ZONE, hospitalDate } from '../../shared/hospital-calendar';
import { receiptCounterStream } from './hospital-ledgers';

describe('payments and receipts', () => {
  let s: PatientsSuite;
  let otherAccountant: string;
  const api = billingApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'accountant', 'doctor', 'nurse']);
    otherAccountant = (await hireAndSignIn(s.t, s.b.token, 'accountant')).token;
  });
  afterAll(async () => s?.t.close());

  const invoiceOf = async (naira: number | string) =>
    api.manual(s.tokens.accountant, (await patients.registered(s.tokens.receptionist)).id, naira);

  it('takes a part payment by POS and the rest in cash, each with the next receipt number', async () => {
    const before = await api.dashboard(s.tokens.accountant);
    const inv = await invoiceOf('6500.50');
    const pos = await api.pay(s.tokens.accountant, inv.id, { amount: 4000, method: 'pos', reference: 'POS-77' });
    expect(pos.statusCode, pos.body).toBe(201);
    expect(pos.json().data.payment).toMatchObject({ amountKobo: 400_000, method: 'pos', receiptNumber: 'RCT-000001' });
    expect(pos.json().data.invoice).toMatchObject({ status: 'part-paid', paidKobo: 400_000, balanceKobo: 250_050 });

    const over = await api.pay(s.tokens.accountant, inv.id, { amount: '2500.51', method: 'cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'OVERPAYMENT',
      message: 'Payment of ₦2,500.51 is more than the balance of ₦2,500.50',
      balanceKobo: 250_050,
    });

    const cash = await api.pay(s.tokens.admin, inv.id, { amount: '2500.50', method: 'cash' });
    expect(cash.statusCode).toBe(201);
    expect(cash.json().data.payment.receiptNumber).toBe('RCT-000002');
    expect(cash.json().data.invoice).toMatchObject({ status: 'paid', balanceKobo: 0 });
    const paidAgain = await api.pay(s.tokens.accountant, inv.id, { amount: 1, method: 'cash' });
    expect(paidAgain.json().message).toBe('This invoice is already paid in full');

    const receipt = await api.call(s.tokens.accountant, 'GET', `/api/billing/payments/${cash.json().data.payment.id}`);
    expect(receipt.json().data.receipt).toMatchObject({
      receiptNumber: 'RCT-000002',
      amountKobo: 250_050,
      invoice: { id: inv.id, totalKobo: 650_050, payments: [{ method: 'pos' }, { method: 'cash' }] },
    });
    expect(
      (await api.call(otherAccountant, 'GET', `/api/billing/payments/${cash.json().data.payment.id}`)).statusCode,
    ).toBe(404);

    const after = await api.dashboard(s.tokens.accountant);
    expect(after.metrics.invoicesToday - before.metrics.invoicesToday).toBe(1);
    expect(after.metrics.paymentsTodayKobo - before.metrics.paymentsTodayKobo).toBe(650_050);
    expect(after.metrics.paymentsMonthKobo - before.metrics.paymentsMonthKobo).toBe(650_050);
    const today = after.paymentsPerDay.at(-1);
    expect(after.paymentsPerDay).toHaveLength(30);
    expect(today.date).toBe(hospitalDate(new Date(), DEFAULT_TIME_ZONE));
    expect(today.pos - before.paymentsPerDay.at(-1).pos).toBe(400_000);
    expect(today.cash - before.paymentsPerDay.at(-1).cash).toBe(250_050);

    const events = await s.t.platform.store.readStream(`invoice-${inv.id}`);
    expect(events.map((e) => e.type)).toEqual(['InvoiceRaised', 'PaymentRecorded', 'PaymentRecorded']);
    expect(events[1]!.metadata.actor.role).toBe('accountant');
  });

  it('answers bad amounts and methods with their messages, never 500', async () => {
    const inv = await invoiceOf(100);
    const cases: [object, string, string][] = [
      [{ method: 'cash' }, 'amount', 'Amount is required'],
      [{ amount: 0, method: 'cash' }, 'amount', 'Amount must be greater than zero'],
      [{ amount: '1.234', method: 'cash' }, 'amount', 'Amount must be an amount in naira with at most 2 decimals'],
      [{ amount: -5, method: 'cash' }, 'amount', 'Amount must be an amount in naira with at most 2 decimals'],
      [{ amount: 5, method: 'cheque' }, 'method', 'Payment method must be one of: cash, pos, transfer, hmo'],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.pay(s.tokens.accountant, inv.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    expect((await api.pay(s.tokens.accountant, 'no-such-invoice', { amount: 5, method: 'cash' })).statusCode).toBe(404);
    for (const role of ['doctor', 'nurse', 'receptionist'] as const) {
      expect((await api.pay(s.tokens[role], inv.id, { amount: 5, method: 'cash' })).statusCode).toBe(403);
    }
  });

  it('counts a retried payment once when it carries the same Idempotency-Key', async () => {
    const inv = await invoiceOf(1000);
    const first = await api.pay(s.tokens.accountant, inv.id, { amount: 300, method: 'transfer' }, 'key-retry-1');
    expect(first.statusCode).toBe(201);
    const retry = await api.pay(s.tokens.accountant, inv.id, { amount: 300, method: 'transfer' }, 'key-retry-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.payment.id).toBe(first.json().data.payment.id);
    expect(retry.json().data.invoice.paidKobo).toBe(30_000);

    // A burst of the same retry: one payment.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.pay(s.tokens.accountant, inv.id, { amount: 200, method: 'cash' }, 'key-burst'),
      ),
    );
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(burst.map((r) => r.json().data.payment.id)).size).toBe(1);
    expect((await api.invoice(s.tokens.accountant, inv.id)).paidKobo).toBe(50_000);

    const elsewhere = await invoiceOf(1000);
    const reused = await api.pay(s.tokens.accountant, elsewhere.id, { amount: 300, method: 'transfer' }, 'key-retry-1');
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: 'Idempotency-Key key-retry-1 was already used for a different request',
    });
    // Another hospital's key space is its own.
    const theirs = await patients.registered(s.otherReceptionist);
    const theirInvoice = await api.manual(otherAccountant, theirs.id, 10);
    expect(
      (await api.pay(otherAccountant, theirInvoice.id, { amount: 10, method: 'cash' }, 'key-retry-1')).statusCode,
    ).toBe(201);
  });

  it('numbers receipts per hospital without gaps or repeats under concurrent payments', async () => {
    const invoices = await Promise.all(Array.from({ length: 8 }, () => invoiceOf(50)));
    const before = (await api.call(s.tokens.accountant, 'GET', '/api/billing/payments?limit=1')).json().data.pagination
      .totalRecords as number;
    const paid = await Promise.all(
      invoices.map((i) => api.pay(s.tokens.accountant, i.id, { amount: 50, method: 'cash' })),
    );
    expect(paid.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const numbers = paid.map((r) => r.json().data.payment.receiptNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 8 }, (_, i) => `RCT-${String(before + i + 1).padStart(6, '0')}`));

    const theirs = await patients.registered(s.otherReceptionist);
    const other = await api.manual(otherAccountant, theirs.id, 10);
    const b = await api.pay(otherAccountant, other.id, { amount: 5, method: 'pos' });
    // Hospital B had one payment (the idempotency test's) before this one.
    expect(b.json().data.payment.receiptNumber).toBe('RCT-000002');
  });

  it('lists the payments ledger with totals per day per method, and the recent activity', async () => {
    const res = await api.call(s.tokens.accountant, 'GET', '/api/billing/payments?limit=3');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.payments).toHaveLength(3);
    const today = data.days.find((d: { date: string }) => d.date === hospitalDate(new Date(), DEFAULT_TIME_ZONE));
    const sum = Object.values(today.byMethod as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(today.totalKobo).toBe(sum);
    expect(data.totalKobo).toBe(today.totalKobo);
    const cashOnly = (await api.call(s.tokens.accountant, 'GET', '/api/billing/payments?method=cash')).json().data;
    expect(cashOnly.payments.every((p: { method: string }) => p.method === 'cash')).toBe(true);
    expect(cashOnly.totalKobo).toBe(today.byMethod.cash);

    const activity = (await api.call(s.tokens.accountant, 'GET', '/api/billing/activity')).json().data;
    expect(activity.activities).toHaveLength(10);
    expect(activity.activities[0]).toMatchObject({
      activityType: 'Payment Received',
      description: expect.stringMatching(/^₦5\.00 by POS from .+ \(RCT-\d{6}\)$|^₦50\.00 by cash/),
      performedBy: expect.any(String),
    });
    const theirs = (await api.call(otherAccountant, 'GET', '/api/billing/activity')).json().data;
    expect(theirs.activities.every((a: { description: string }) => !a.description.includes('₦6,500.50'))).toBe(true);
    expect((await api.call(s.tokens.doctor, 'GET', '/api/billing/dashboard')).statusCode).toBe(403);
  });

  it('reads one event of the receipt counter per payment, however many receipts came before', async () => {
    const counter = receiptCounterStream(s.a.hospital.id);
    const store = s.t.platform.store;
    const history = await store.readStream(counter);
    expect(history.length).toBeGreaterThanOrEqual(10);
    const inv = await invoiceOf(20);
    const full = vi.spyOn(store, 'readStream');
    const tail = vi.spyOn(store, 'readStreamTail');
    try {
      const paid = await api.pay(s.tokens.accountant, inv.id, { amount: 20, method: 'cash' });
      expect(paid.statusCode, paid.body).toBe(201);
      expect(paid.json().data.payment.receiptNumber).toBe(`RCT-${String(history.length + 1).padStart(6, '0')}`);
      expect(full.mock.calls.filter(([stream]) => stream === counter)).toEqual([]);
      const reads = tail.mock.calls.map(([stream], i) => [stream, i] as const).filter(([stream]) => stream === counter);
      expect(reads.length).toBeGreaterThan(0);
      for (const [, i] of reads) expect((await tail.mock.results[i]!.value).length).toBe(1);
    } finally {
      full.mockRestore();
      tail.mockRestore();
    }
  });
});
