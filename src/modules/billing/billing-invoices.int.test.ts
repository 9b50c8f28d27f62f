import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi } from '../../../test/helpers/billing-api';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

const consultation = (patientId: string, extra: Record<string, unknown> = {}) => ({
  patientId,
  chiefComplaint: 'Fever for three days',
  primaryDiagnosis: 'Malaria',
  ...extra,
});
const med = (medicationName: string, quantity: number) => ({
  medicationName,
  dosage: '500mg',
  frequency: 'Twice daily',
  duration: '5 days',
  quantity,
});

describe('invoices', () => {
  let s: PatientsSuite;
  let otherAccountant: string;
  const api = billingApi(() => s.t);
  const clinic = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'nurse', 'pharmacist', 'receptionist', 'lab_technician', 'accountant']);
    otherAccountant = (await hireAndSignIn(s.t, s.b.token, 'accountant')).token;
  });
  afterAll(async () => s?.t.close());

  const consult = async (body: object) => {
    const res = await clinic.consult(s.tokens.doctor, body);
    expect(res.statusCode, res.body).toBe(201);
    await api.settle();
    return res.json().consultation as { id: string; labOrders: { id: string }[] };
  };

  it('raises an invoice for every consultation: the fee plus its charges, in kobo', async () => {
    const p = await patients.registered(s.tokens.receptionist);
    const c = await consult(
      consultation(p.id, {
        billing: { consultationFee: '7500', additionalCharges: [{ description: 'Injection', amount: '1500.50' }] },
      }),
    );
    const invoice = await api.invoice(s.tokens.accountant, c.id);
    expect(invoice).toMatchObject({
      patientId: p.id,
      patientName: p.name,
      consultationId: c.id,
      status: 'unpaid',
      totalKobo: 900_050,
      paidKobo: 0,
      balanceKobo: 900_050,
      lines: [
        { kind: 'consultation', description: 'Consultation fee', quantity: 1, amountKobo: 750_000 },
        { kind: 'charge', description: 'Injection', amountKobo: 150_050 },
      ],
    });
    const events = await s.t.platform.store.readStream(`invoice-${c.id}`);
    expect(events.map((e) => e.type)).toEqual(['InvoiceRaised']);
    expect(events[0]!.metadata.causationId).not.toBe(events[0]!.metadata.correlationId);

    // The default fee (spec-2 §9) when the form sends none.
    const q = await patients.registered(s.tokens.receptionist);
    const plain = await consult(consultation(q.id));
    expect((await api.invoice(s.tokens.admin, plain.id)).totalKobo).toBe(500_000);
  });

  it('keeps a price list that only the accountant and the admin may read and change', async () => {
    const put = await api.call(s.tokens.accountant, 'PUT', '/api/billing/prices', {
      medications: [{ name: 'Coartem', price: '1250.75' }],
      labTests: [{ code: 'fbc', name: 'Full Blood Count', price: 4000 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({
      medications: [{ name: 'Coartem', priceKobo: 125_075 }],
      labTests: [{ code: 'FBC', name: 'Full Blood Count', priceKobo: 400_000 }],
    });
    const bad = await api.call(s.tokens.admin, 'PUT', '/api/billing/prices', {
      medications: [{ name: 'X', price: '1.234' }, { name: '' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'medications.0.price', message: 'Price must be an amount in naira with at most 2 decimals' },
        { field: 'medications.1.name', message: 'Medication name is required' },
      ]),
    );
    for (const role of ['doctor', 'nurse', 'pharmacist', 'receptionist'] as const) {
      const res = await api.call(s.tokens[role], 'GET', '/api/billing/prices');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Access denied. Billing staff or admin role required.');
    }
    expect((await api.call(otherAccountant, 'GET', '/api/billing/prices')).json().data.medications).toEqual([]);
  });

  it('adds dispensed medications and completed lab tests at list prices, once each', async () => {
    await clinic.stock(s.tokens.pharmacist, { name: 'Coartem', quantity: 50 });
    await clinic.stock(s.tokens.pharmacist, { name: 'Vitamin C', quantity: 50 });
    const p = await patients.registered(s.tokens.receptionist);
    const c = await consult(
      consultation(p.id, {
        prescriptions: [med('Coartem', 2), med('Vitamin C', 3)],
        labOrders: [{ testName: 'Full Blood Count' }],
        billing: { consultationFee: 5000 },
      }),
    );
    expect((await clinic.dispense(s.tokens.pharmacist, c.id, { items: [0] })).statusCode).toBe(200);
    await api.settle();
    expect((await clinic.dispense(s.tokens.pharmacist, c.id)).statusCode).toBe(200);
    const lab = c.labOrders[0]!.id;
    await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${lab}/start`);
    const res = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${lab}/results`, {
      results: 'Normal',
    });
    expect(res.statusCode, res.body).toBe(200);
    await api.settle();
    const invoice = await api.invoice(s.tokens.accountant, c.id);
    expect(invoice.lines.map((l) => [l.kind, l.description, l.quantity, l.unitPriceKobo, l.amountKobo])).toEqual([
      ['consultation', 'Consultation fee', 1, 500_000, 500_000],
      ['medication', 'Coartem', 2, 125_075, 250_150],
      ['medication', 'Vitamin C (no list price)', 3, 0, 0],
      ['lab', 'Full Blood Count', 1, 400_000, 400_000],
    ]);
    expect(invoice.totalKobo).toBe(1_150_150);
    // Dispensing again records nothing, so nothing is charged twice.
    await clinic.dispense(s.tokens.pharmacist, c.id);
    await api.settle();
    expect((await api.invoice(s.tokens.accountant, c.id)).lines).toHaveLength(4);
  });

  it('makes an invoice by hand for a patient of the hospital only', async () => {
    const p = await patients.registered(s.tokens.receptionist);
    const res = await api.call(s.tokens.accountant, 'POST', '/api/billing/invoices', {
      patientId: p.id,
      lines: [
        { kind: 'other', description: 'Wound dressing', quantity: 3, unitPrice: '333.33' },
        { description: 'Card fee', unitPrice: 1000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.invoice).toMatchObject({ totalKobo: 199_999, consultationId: null, status: 'unpaid' });
    const empty = await api.call(s.tokens.accountant, 'POST', '/api/billing/invoices', { patientId: p.id, lines: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: 'lines', message: 'Add at least one line' }]);
    const foreign = await api.call(otherAccountant, 'POST', '/api/billing/invoices', {
      patientId: p.id,
      lines: [{ description: 'X', unitPrice: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Patient not found');
  });

  it('voids with a reason, never deletes, and keeps other hospitals out', async () => {
    const p = await patients.registered(s.tokens.receptionist);
    const inv = await api.manual(s.tokens.accountant, p.id, 2000);
    const noReason = await api.call(s.tokens.accountant, 'POST', `/api/billing/invoices/${inv.id}/void`, {});
    expect(noReason.json().errors).toEqual([{ field: 'reason', message: 'Reason is required' }]);
    for (const url of [`/api/billing/invoices/${inv.id}`, `/api/billing/invoices/${inv.id}/void`]) {
      const res = await api.call(otherAccountant, url.endsWith('void') ? 'POST' : 'GET', url, { reason: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Invoice not found');
    }
    expect(
      (await api.call(s.tokens.doctor, 'POST', `/api/billing/invoices/${inv.id}/void`, { reason: 'x' })).statusCode,
    ).toBe(403);
    const voided = await api.call(s.tokens.admin, 'POST', `/api/billing/invoices/${inv.id}/void`, {
      reason: 'Raised twice',
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json().data.invoice).toMatchObject({ status: 'void', voidReason: 'Raised twice', balanceKobo: 0 });
    const again = await api.call(s.tokens.admin, 'POST', `/api/billing/invoices/${inv.id}/void`, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    const pay = await api.pay(s.tokens.accountant, inv.id, { amount: 10, method: 'cash' });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().message).toBe('This invoice is void');
    const events = await s.t.platform.store.readStream(`invoice-${inv.id}`);
    expect(events.map((e) => e.type)).toEqual(['InvoiceRaised', 'InvoiceVoided']);
    expect(events[1]!.metadata.actor.role).toBe('admin');
  });

  it('lists invoices by status, patient and search, a page at a time', async () => {
    const p = await patients.registered(s.tokens.receptionist);
    const a = await api.manual(s.tokens.accountant, p.id, 100);
    const b = await api.manual(s.tokens.accountant, p.id, 200);
    const c = await api.manual(s.tokens.accountant, p.id, 300);
    await api.pay(s.tokens.accountant, b.id, { amount: 50, method: 'cash' });
    await api.pay(s.tokens.accountant, c.id, { amount: 300, method: 'transfer', reference: 'TRF-9' });
    const list = async (query: string) => {
      const res = await api.call(s.tokens.accountant, 'GET', `/api/billing/invoices?patientId=${p.id}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect((await list('')).invoices.map((i: { id: string }) => i.id)).toEqual([c.id, b.id, a.id]);
    expect((await list('status=part-paid')).invoices.map((i: { id: string }) => i.id)).toEqual([b.id]);
    expect((await list('status=paid')).invoices.map((i: { id: string }) => i.id)).toEqual([c.id]);
    expect((await list('status=unpaid')).invoices.map((i: { id: string }) => i.id)).toEqual([a.id]);
    const page2 = await list('limit=2&page=2');
    expect(page2.invoices.map((i: { id: string }) => i.id)).toEqual([a.id]);
    expect(page2.pagination).toEqual({ currentPage: 2, totalPages: 2, totalRecords: 3, hasPrev: true, hasNext: false });
    const bySearch = await api.call(
      s.tokens.accountant,
      'GET',
      `/api/billing/invoices?search=${encodeURIComponent(p.lastName)}`,
    );
    expect(bySearch.json().data.pagination.totalRecords).toBe(3);
    const bad = await api.call(s.tokens.accountant, 'GET', '/api/billing/invoices?status=owing&from=2024-02-30');
    expect(bad.statusCode).toBe(400);
    expect(
      (await api.call(otherAccountant, 'GET', `/api/billing/invoices?patientId=${p.id}`)).json().data.invoices,
    ).toEqual([]);
  });
});
