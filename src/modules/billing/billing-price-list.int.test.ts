import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi, enrolledPatient } from '../../../test/helpers/billing-api';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

type Item = { kind: string; key: string; name: string; detail: string; priceKobo: number | null };

describe('the Price list and pricing a ₦0 invoice line (issue 34 §1)', () => {
  let s: PatientsSuite;
  const api = billingApi(() => s.t);
  const clinic = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const list = async (token: string) =>
    (await api.expectOk(await api.call(token, 'GET', '/api/billing/price-list'))).data;
  const put = (token: string, items: object[]) => api.call(token, 'PUT', '/api/billing/price-list', { items });
  const find = (items: Item[], kind: string, key: string) => items.find((i) => i.kind === kind && i.key === key);

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'pharmacist', 'receptionist', 'accountant']);
  });
  afterAll(async () => s?.t.close());

  it('lists the catalogue, the formulary and the services without prices, and counts them', async () => {
    await clinic.stock(s.tokens.pharmacist, { name: 'Amoxicillin 500mg capsule', quantity: 40 });
    await clinic.stock(s.tokens.pharmacist, { name: 'amoxicillin 500mg capsule ', quantity: 10, batchNumber: 'B-2' });
    const data = await list(s.tokens.accountant);
    expect(find(data.items, 'lab', 'FBC')).toEqual({
      kind: 'lab',
      key: 'FBC',
      name: 'Full Blood Count',
      detail: 'FBC',
      priceKobo: null,
    });
    expect(data.items.filter((i: Item) => i.kind === 'medication')).toEqual([
      {
        kind: 'medication',
        key: 'amoxicillin 500mg capsule',
        name: 'Amoxicillin 500mg capsule',
        detail: '50 in stock',
        priceKobo: null,
      },
    ]);
    expect(find(data.items, 'service', 'registration card')).toMatchObject({ priceKobo: null });
    expect(data.unpriced).toEqual({ labTests: 12, medications: 1 });
  });

  it('sets prices one by one or many at once, one PriceSet per change, from what to what', async () => {
    const first = await put(s.tokens.admin, [{ kind: 'lab', code: 'fbc', name: 'x', price: '4,500' }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Price saved');
    expect(find(first.json().data.items, 'lab', 'FBC')!.priceKobo).toBe(450_000);
    expect(first.json().data.unpriced.labTests).toBe(11);
    const many = await put(s.tokens.accountant, [
      { kind: 'lab', name: 'Full Blood Count', price: 5000 },
      { kind: 'lab', code: 'MRI', name: 'MRI Scan', price: 4500 },
      { kind: 'medication', name: 'AMOXICILLIN 500mg capsule', price: '150.50' },
      { kind: 'service', name: 'Registration card', price: 2000 },
      { kind: 'service', name: 'Dressing of a wound', price: 1500 },
    ]);
    expect(many.statusCode, many.body).toBe(200);
    expect(many.json().data.changed).toBe(5);
    expect(find(many.json().data.items, 'service', 'dressing of a wound')).toMatchObject({
      name: 'Dressing of a wound',
      priceKobo: 150_000,
    });
    // The same prices again change nothing and write nothing.
    const same = await put(s.tokens.accountant, [{ kind: 'lab', code: 'FBC', name: 'Full Blood Count', price: 5000 }]);
    expect(same.json().data.changed).toBe(0);
    const { rows } = await sql<{ data: Record<string, unknown>; actor: string }>`
      select data, metadata->'actor'->>'role' as actor from events
      where type = 'PriceSet' and data->>'key' = 'FBC' and metadata->>'hospitalId' = ${s.a.hospital.id}
      order by position`.execute(s.t.platform.db);
    expect(rows.map((r) => [r.actor, r.data.fromKobo, r.data.toKobo])).toEqual([
      ['admin', null, 450_000],
      ['accountant', 450_000, 500_000],
    ]);
    // The audit log's sentence says who changed which price from what to what.
    const sentence = 'Changed the price of Full Blood Count (lab test) from ₦4,500.00 to ₦5,000.00';
    const trail = await api.call(s.tokens.admin, 'GET', '/api/audit/events?q=Full%20Blood%20Count');
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json().data.entries as { action: string; actor: { role: string } }[];
    expect(entries.find((e) => e.action === sentence)?.actor.role).toBe('accountant');
  });

  it('refuses bad rows with their row and field, other roles, and keeps to the hospital', async () => {
    const bad = await put(s.tokens.accountant, [
      { kind: 'lab', code: 'NOPE', name: 'Nope', price: 10 },
      { kind: 'drug', name: 'X', price: 10 },
      { kind: 'service', name: 'Card', price: '-5' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'items.0.code', message: 'NOPE is not a lab test of the catalogue' },
        { field: 'items.1.kind', message: 'Type must be medication, lab or service' },
        { field: 'items.2.price', message: 'Price must be an amount in naira with at most 2 decimals' },
      ]),
    );
    expect((await put(s.tokens.pharmacist, [{ kind: 'service', name: 'Card', price: 1 }])).statusCode).toBe(403);
    expect((await api.call(s.tokens.doctor, 'GET', '/api/billing/price-list')).statusCode).toBe(403);
    const theirs = await list(s.b.token);
    expect(find(theirs.items, 'lab', 'FBC')!.priceKobo).toBeNull();
  });

  it('lets the accountant price a ₦0 line: an event, the total and balance follow, a priced line is refused', async () => {
    await clinic.stock(s.tokens.pharmacist, { name: 'Ciprofloxacin', quantity: 20 });
    const p = await patients.registered(s.tokens.receptionist);
    const res = await clinic.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Cough',
      primaryDiagnosis: 'Bronchitis',
      prescriptions: [
        { medicationName: 'Ciprofloxacin', dosage: '500mg', frequency: 'Twice daily', duration: '5 days', quantity: 4 },
      ],
      billing: { consultationFee: 5000 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json().consultation as { id: string };
    await api.settle();
    const paid = await api.pay(s.tokens.accountant, c.id, { amount: 5000, method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await clinic.dispense(s.tokens.pharmacist, c.id)).statusCode).toBe(200);
    await api.settle();
    const before = await api.invoice(s.tokens.accountant, c.id);
    const [fee, cipro] = before.lines as ((typeof before.lines)[number] & { lineId: string })[];
    expect(cipro).toMatchObject({ description: 'Ciprofloxacin (no list price)', unitPriceKobo: 0 });
    expect(before).toMatchObject({ status: 'paid', totalKobo: 500_000, balanceKobo: 0 });

    const priceLine = (token: string, lineId: string, unitPrice: unknown) =>
      api.call(token, 'POST', `/api/billing/invoices/${c.id}/lines/${lineId}/price`, { unitPrice });
    const priced = await priceLine(s.tokens.accountant, cipro!.lineId, '250');
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.invoice).toMatchObject({
      status: 'part-paid',
      totalKobo: 600_000,
      paidKobo: 500_000,
      balanceKobo: 100_000,
    });
    expect(priced.json().data.invoice.lines[1]).toMatchObject({
      lineId: cipro!.lineId,
      description: 'Ciprofloxacin',
      unitPriceKobo: 25_000,
      amountKobo: 100_000,
    });
    const { rows } = await sql<{ data: Record<string, unknown> }>`
      select data from events where type = 'InvoiceLineRepriced' and data->>'invoiceId' = ${c.id}`.execute(
      s.t.platform.db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.data).toMatchObject({ fromUnitPriceKobo: 0, unitPriceKobo: 25_000, totalKobo: 600_000 });

    // The paid fee and the line just priced are never changed here; a line not on it is not found.
    for (const lineId of [fee!.lineId, cipro!.lineId]) {
      const again = await priceLine(s.tokens.accountant, lineId, 100);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        'This line already has a price; only a line without a price can be priced on the invoice',
      );
    }
    expect((await priceLine(s.tokens.accountant, 'no-such-line', 100)).statusCode).toBe(404);
    expect((await priceLine(s.tokens.accountant, cipro!.lineId, 0)).json().errors).toEqual([
      { field: 'unitPrice', message: 'Price must be greater than zero' },
    ]);
    expect((await priceLine(s.tokens.doctor, cipro!.lineId, 100)).statusCode).toBe(403);
    expect((await priceLine(s.b.token, cipro!.lineId, 100)).statusCode).toBe(404);
    expect((await api.invoice(s.tokens.accountant, c.id)).totalKobo).toBe(600_000);
  });

  it("splits a priced line with the patient's HMO at the invoice's cover", async () => {
    const p = await patients.registered(s.tokens.receptionist);
    await enrolledPatient(api, s.tokens.accountant, p.id, {
      name: 'Pricing Health',
      code: 'PRC',
      coverage: { consultation: 0, medication: 50, lab: 100 },
    });
    const made = await api.call(s.tokens.accountant, 'POST', '/api/billing/invoices', {
      patientId: p.id,
      lines: [{ kind: 'medication', description: 'Paracetamol', quantity: 3, unitPrice: 0 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const invoice = made.json().data.invoice as { id: string; lines: { lineId: string }[] };
    const url = `/api/billing/invoices/${invoice.id}/lines/${invoice.lines[0]!.lineId}/price`;
    const priced = await api.call(s.tokens.accountant, 'POST', url, { unitPrice: 333 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.invoice).toMatchObject({
      totalKobo: 99_900,
      hmoShareKobo: 49_950,
      patientShareKobo: 49_950,
      lines: [{ amountKobo: 99_900, hmoKobo: 49_950 }],
    });
  });
});
