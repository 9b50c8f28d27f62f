import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi } from '../../../test/helpers/billing-api';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';

type Item = { kind: string; key: string; priceKobo: number | null };

/**
 * Issue 34 §1: Add Medication and the lab catalogue show the price and set it. The pharmacist prices
 * medications and the lab prices its tests, through their own routes, each change a PriceSet naming
 * who made it; every other role is refused, and the Price list and the invoice read the same prices.
 */
describe('prices set from the inventory and the lab catalogue (issue 34 §1)', () => {
  let s: PatientsSuite;
  const api = billingApi(() => s.t);
  const clinic = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const setDrug = (token: string, body: object) => api.call(token, 'PUT', '/api/inventory/prices', body);
  const setTest = (token: string, code: string, body: object) =>
    api.call(token, 'PUT', `/api/lab/catalogue/${code}/price`, body);
  const priceSets = async () =>
    (
      await sql<{ data: Record<string, unknown>; role: string }>`
        select data, metadata->'actor'->>'role' as role from events
        where type = 'PriceSet' and data->>'hospitalId' = ${s.a.hospital.id} order by position`.execute(s.t.platform.db)
    ).rows;
  const listed = async (kind: string, key: string) =>
    (
      (await api.expectOk(await api.call(s.tokens.accountant, 'GET', '/api/billing/price-list'))).data.items as Item[]
    ).find((i) => i.kind === kind && i.key === key)?.priceKobo;

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'pharmacist', 'lab_technician', 'accountant', 'receptionist']);
    await clinic.stock(s.tokens.pharmacist, { name: 'Paracetamol 500mg tablet', quantity: 100 });
  });
  afterAll(async () => s?.t.close());

  it('lets the pharmacist price a medication: an event from what to what, on the Price list and the audit log', async () => {
    const before = await api.expectOk(await api.call(s.tokens.pharmacist, 'GET', '/api/inventory/prices'));
    expect(before.data.medications).toEqual([
      { key: 'paracetamol 500mg tablet', name: 'Paracetamol 500mg tablet', priceKobo: null },
    ]);
    const set = await setDrug(s.tokens.pharmacist, { name: ' Paracetamol 500mg tablet ', price: '25.50' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      message: 'Price saved',
      data: { medication: { key: 'paracetamol 500mg tablet', priceKobo: 2550 }, changed: true },
    });
    expect(await listed('medication', 'paracetamol 500mg tablet')).toBe(2550);
    const again = await setDrug(s.tokens.pharmacist, { name: 'PARACETAMOL 500mg tablet', price: 25.5 });
    expect(again.json()).toMatchObject({ message: 'Price unchanged', data: { changed: false } });
    await setDrug(s.tokens.admin, { name: 'Paracetamol 500mg tablet', price: 30 });
    expect((await priceSets()).map((r) => [r.role, r.data.key, r.data.fromKobo, r.data.toKobo])).toEqual([
      ['pharmacist', 'paracetamol 500mg tablet', null, 2550],
      ['admin', 'paracetamol 500mg tablet', 2550, 3000],
    ]);
    const after = await api.expectOk(await api.call(s.tokens.doctor, 'GET', '/api/inventory/prices'));
    expect(after.data.medications[0].priceKobo).toBe(3000);

    const trail = await api.call(s.tokens.admin, 'GET', '/api/audit/events?q=Paracetamol');
    expect(trail.statusCode, trail.body).toBe(200);
    const entries = trail.json().data.entries as { action: string; actor: { role: string } }[];
    const sentence = 'Changed the price of Paracetamol 500mg tablet (medication) from no price to ₦25.50';
    expect(entries.find((e) => e.action === sentence)?.actor.role).toBe('pharmacist');
  });

  it('lets the lab price a test of its catalogue, which the Price list and the invoice then carry', async () => {
    const catalogue = await api.expectOk(await api.call(s.tokens.lab_technician, 'GET', '/api/lab/catalogue'));
    expect(catalogue.data.tests).toHaveLength(12);
    expect(catalogue.data.tests[0]).toEqual({ code: 'FBC', name: 'Full Blood Count', priceKobo: null });
    const set = await setTest(s.tokens.lab_technician, 'fbc', { price: '4,500' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({
      test: { code: 'FBC', name: 'Full Blood Count', priceKobo: 450_000 },
      changed: true,
    });
    expect(await listed('lab', 'FBC')).toBe(450_000);
    const [last] = (await priceSets()).slice(-1);
    expect([last!.role, last!.data.name, last!.data.fromKobo, last!.data.toKobo]).toEqual([
      'lab_technician',
      'Full Blood Count',
      null,
      450_000,
    ]);

    // A completed FBC is invoiced at the lab's price.
    const p = await patients.registered(s.tokens.receptionist);
    const res = await clinic.consult(s.tokens.doctor, {
      patientId: p.id,
      chiefComplaint: 'Tired',
      primaryDiagnosis: 'Anaemia?',
      labOrders: [{ testName: 'Full Blood Count' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json().consultation as { id: string; labOrders: { id: string }[] };
    const lab = c.labOrders[0]!.id;
    await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${lab}/start`);
    const done = await api.call(s.tokens.lab_technician, 'POST', `/api/lab/requests/${lab}/results`, {
      results: 'Normal',
    });
    expect(done.statusCode, done.body).toBe(200);
    await api.settle();
    const invoice = await api.invoice(s.tokens.accountant, c.id);
    expect(invoice.lines.find((l: { kind: string }) => l.kind === 'lab')).toMatchObject({
      description: 'Full Blood Count',
      unitPriceKobo: 450_000,
    });
  });

  it('refuses every role that may not set these prices, and writes nothing', async () => {
    const before = (await priceSets()).length;
    const drug = { name: 'Paracetamol 500mg tablet', price: 1 };
    for (const role of ['lab_technician', 'accountant', 'doctor', 'receptionist'] as const) {
      const res = await setDrug(s.tokens[role], drug);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message, role).toMatch(
        /^Access denied\. (You do not have permission to set medication prices|Your role does not have access to the Pharmacy module)\.$/,
      );
    }
    for (const role of ['pharmacist', 'accountant', 'doctor', 'receptionist'] as const) {
      const res = await setTest(s.tokens[role], 'FBC', { price: 1 });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message, role).toMatch(
        /^Access denied\. (You do not have permission to set lab test prices|Your role does not have access to the Laboratory module)\.$/,
      );
    }
    expect((await setDrug(s.tokens.lab_technician, drug)).json().message).toBe(
      'Access denied. You do not have permission to set medication prices.',
    );
    expect((await setTest(s.tokens.pharmacist, 'FBC', { price: 1 })).json().message).toBe(
      'Access denied. You do not have permission to set lab test prices.',
    );
    expect((await api.call(s.tokens.receptionist, 'GET', '/api/inventory/prices')).statusCode).toBe(403);
    expect((await api.call(s.tokens.pharmacist, 'GET', '/api/lab/catalogue')).statusCode).toBe(403);
    expect((await priceSets()).length).toBe(before);
  });

  it('refuses bad input in words, an unknown test with 404, and keeps to the hospital', async () => {
    const bad = await setDrug(s.tokens.pharmacist, { name: '  ', price: '-5' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Medication name is required' },
        { field: 'price', message: 'Price must be an amount in naira with at most 2 decimals' },
      ]),
    );
    const missing = await setTest(s.tokens.lab_technician, 'FBC', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'price', message: 'Price is required' }]);
    const huge = await setTest(s.tokens.lab_technician, 'FBC', { price: '100000000.01' });
    expect(huge.json().errors).toEqual([{ field: 'price', message: 'Price is too large' }]);
    const unknown = await setTest(s.tokens.lab_technician, 'NOPE', { price: 10 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('NOPE is not a lab test of the catalogue');

    // The other hospital's catalogue and list are its own.
    const theirs = await api.expectOk(await api.call(s.b.token, 'GET', '/api/lab/catalogue'));
    expect(theirs.data.tests[0]).toMatchObject({ code: 'FBC', priceKobo: null });
    const theirDrugs = await api.expectOk(await api.call(s.b.token, 'GET', '/api/inventory/prices'));
    expect(theirDrugs.data.medications).toEqual([]);
  });
});
