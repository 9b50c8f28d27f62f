import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi } from '../../../test/helpers/billing-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { AUDIT_TRAIL } from '../audit';
import { NOTIFICATIONS } from '../notifications';

/** Billing in the notifier (the accountant's channel) and in the audit trail. */
describe('billing notifications and audit trail', () => {
  let s: PatientsSuite;
  const api = billingApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'accountant', 'nurse', 'doctor']);
  });
  afterAll(async () => s?.t.close());

  const caughtUp = async () => {
    const head = await s.t.platform.store.headPosition();
    expect(await s.t.platform.waitFor(head, [{ name: NOTIFICATIONS }, { name: AUDIT_TRAIL }], 10_000)).toBe(true);
  };
  const bell = async (token: string) =>
    (await api.expectOk(await api.call(token, 'GET', '/api/notifications'))).data.notifications as {
      type: string;
      message: string;
      data: Record<string, unknown>;
    }[];

  it('tells accountants of a new invoice and a payment, nurses hear nothing', async () => {
    const p = await patients.registered(s.tokens.receptionist);
    const inv = await api.manual(s.tokens.admin, p.id, '1200.50');
    await api.pay(s.tokens.accountant, inv.id, { amount: 200, method: 'transfer', reference: 'TRF-1' });
    await caughtUp();
    const theirs = (await bell(s.tokens.accountant)).filter(
      (n) => n.type.startsWith('invoice_') || n.type === 'payment_received',
    );
    expect(theirs.map((n) => [n.type, n.message])).toEqual([
      ['payment_received', `₦200.00 received from ${p.name} by bank transfer (RCT-000001)`],
      ['invoice_created', `New invoice for ${p.name}: ₦1,200.50`],
    ]);
    expect(
      (await bell(s.tokens.nurse)).some((n) => n.type === 'invoice_created' || n.type === 'payment_received'),
    ).toBe(false);
  });

  it('writes every billing change to the audit trail with who did it', async () => {
    const p = await patients.registered(s.tokens.receptionist);
    const inv = await api.manual(s.tokens.accountant, p.id, 300);
    await api.call(s.tokens.accountant, 'POST', `/api/billing/invoices/${inv.id}/void`, { reason: 'Wrong patient' });
    await api.call(s.tokens.admin, 'PUT', '/api/billing/prices', { medications: [{ name: 'Coartem', price: 900 }] });
    await caughtUp();
    const res = await api.call(s.tokens.admin, 'GET', `/api/audit/events?subjectId=${inv.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().data.entries as { action: string; actor: { role: string }; eventType: string }[];
    expect(
      entries.filter((e) => e.eventType !== 'RecordAccessed').map((e) => [e.eventType, e.action, e.actor.role]),
    ).toEqual([
      ['InvoiceVoided', `Voided the invoice of ${p.name}: Wrong patient`, 'accountant'],
      ['InvoiceRaised', `Raised an invoice of ₦300.00 for ${p.name}`, 'accountant'],
    ]);
    const prices = await api.call(s.tokens.admin, 'GET', '/api/audit/events?subjectType=price%20list');
    expect(prices.json().data.entries[0]).toMatchObject({ action: 'Updated the price list', actor: { role: 'admin' } });
  });
});
