import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { DEFAULT_TIME_ZONE, hospitalDate } from '../../shared/hospital-calendar';

const med = (medicationName: string, quantity: number) => ({
  medicationName,
  dosage: '500mg',
  frequency: 'Twice daily',
  duration: '5 days',
  quantity,
});

describe("the pharmacist's reports", () => {
  let s: PatientsSuite;
  const api = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const today = hospitalDate(new Date(), DEFAULT_TIME_ZONE);
  const report = (token: string, which: 'dispensing' | 'stock', query = '') =>
    api.call(token, 'GET', `/api/pharmacy/reports/${which}${query}`);

  const prescribe = async (patientId: string, prescriptions: object[]) => {
    const res = await api.consult(s.tokens.doctor, {
      patientId,
      chiefComplaint: 'Fever',
      primaryDiagnosis: 'Malaria',
      prescriptions,
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().consultation.id as string;
  };

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'pharmacist', 'receptionist', 'nurse', 'accountant']);
    // Two batches of Coartem (the earlier expiry runs out first), one of Paracetamol, one never moved.
    const early = await api.stock(s.tokens.pharmacist, { name: 'Coartem', quantity: 4, expiryDate: '2098-01-31' });
    await api.stock(s.tokens.pharmacist, { name: 'coartem', quantity: 20, expiryDate: '2099-06-30', reorderLevel: 12 });
    const para = await api.stock(s.tokens.pharmacist, { name: 'Paracetamol', quantity: 30, reorderLevel: 10 });
    await api.stock(s.tokens.pharmacist, { name: '=HYPERLINK("x")', quantity: 0, reorderLevel: 2 });
    await api.call(s.tokens.pharmacist, 'POST', `/api/inventory/medications/${para.id}/receipts`, { quantity: 10 });
    await api.call(s.tokens.pharmacist, 'POST', `/api/inventory/medications/${early.id}/adjustments`, {
      quantity: -1,
      reason: 'Broken pack',
    });
    const ada = await patients.registered(s.tokens.receptionist);
    const obi = await patients.registered(s.tokens.receptionist);
    // Ada twice (Coartem 6 across both batches, then Paracetamol 10 + Coartem 2), Obi once (Paracetamol 5).
    const c1 = await prescribe(ada.id, [med('Coartem', 6)]);
    const c2 = await prescribe(ada.id, [med('Paracetamol', 10), med('Coartem', 2)]);
    const c3 = await prescribe(obi.id, [med('Paracetamol', 5)]);
    const c4 = await prescribe(obi.id, [med('Paracetamol', 7)]); // prescribed, never dispensed
    for (const id of [c1, c2, c3]) expect((await api.dispense(s.tokens.pharmacist, id)).statusCode).toBe(200);
    expect(c4).toBeTruthy();
    // Hospital B's pharmacy has its own Paracetamol; none of it may show in A's reports.
    await api.stock(s.b.token, { name: 'Paracetamol', quantity: 999 });
  });
  afterAll(async () => s?.t.close());

  it('sums what was dispensed this month per medication, with prescriptions and patients', async () => {
    const res = await report(s.tokens.pharmacist, 'dispensing');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      from: `${today.slice(0, 8)}01`,
      to: today,
      rows: [
        { name: 'Coartem', quantity: 8, prescriptions: 2, patients: 1 },
        { name: 'Paracetamol', quantity: 15, prescriptions: 2, patients: 2 },
      ],
      totals: { quantity: 23, prescriptions: 3, patients: 2 },
    });
  });

  it('lists every medication with stock on hand and what moved in the period', async () => {
    const res = await report(s.tokens.admin, 'stock', `?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    const { rows, from, to } = res.json().data;
    expect({ from, to }).toEqual({ from: today, to: today });
    expect(rows).toEqual([
      expect.objectContaining({ name: '=HYPERLINK("x")', onHand: 0, received: 0, status: 'Out of Stock' }),
      {
        name: 'Coartem',
        batches: 2,
        onHand: 15, // 4 + 20 - 1 - 8
        expiredOnHand: 0,
        received: 24,
        adjusted: -1,
        dispensed: 8,
        reorderLevel: 12,
        status: 'In Stock',
        nearestExpiry: '2099-06-30', // the 2098 batch is used up
      },
      {
        name: 'Paracetamol',
        batches: 1,
        onHand: 25,
        expiredOnHand: 0,
        received: 40,
        adjusted: 0,
        dispensed: 15,
        reorderLevel: 10,
        status: 'In Stock',
        nearestExpiry: '2099-12-31',
      },
    ]);
  });

  it('counts nothing in a period before the stock moved, but still lists the stock', async () => {
    const dispensing = (await report(s.tokens.pharmacist, 'dispensing', '?from=2020-01-01&to=2020-01-31')).json();
    expect(dispensing.data).toMatchObject({ rows: [], totals: { quantity: 0, prescriptions: 0, patients: 0 } });
    const stock = (await report(s.tokens.pharmacist, 'stock', '?to=2020-03-15')).json().data;
    expect(stock).toMatchObject({ from: '2020-03-01', to: '2020-03-15' });
    expect(stock.rows.find((r: { name: string }) => r.name === 'Paracetamol')).toMatchObject({
      onHand: 25,
      received: 0,
      dispensed: 0,
    });
  });

  it('answers CSV files with a header row, a filename and formula-safe cells', async () => {
    const res = await report(s.tokens.pharmacist, 'stock', `?from=${today}&to=${today}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pharmacy-stock-${today}-to-${today}.csv"`);
    expect(res.body.split('\r\n')).toEqual([
      'medication,batches,on_hand,expired_on_hand,received,adjusted,dispensed,reorder_level,status,nearest_expiry',
      `"'=HYPERLINK(""x"")",1,0,0,0,0,0,2,Out of Stock,`,
      'Coartem,2,15,0,24,-1,8,12,In Stock,2099-06-30',
      'Paracetamol,1,25,0,40,0,15,10,In Stock,2099-12-31',
      '',
    ]);
    const dispensing = await report(s.tokens.admin, 'dispensing', `?from=${today}&format=csv`);
    expect(dispensing.headers['content-disposition']).toBe(
      `attachment; filename="pharmacy-dispensing-${today}-to-${today}.csv"`,
    );
    expect(dispensing.body).toBe(
      'medication,quantity_dispensed,prescriptions,patients\r\nCoartem,8,2,1\r\nParacetamol,15,2,2\r\n',
    );
  });

  it('refuses other roles with 403 and shows another hospital only its own stock', async () => {
    for (const role of ['doctor', 'nurse', 'receptionist', 'accountant'] as const) {
      for (const which of ['dispensing', 'stock'] as const) {
        const res = await report(s.tokens[role], which);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe('Access denied. You do not have permission to view pharmacy reports.');
      }
    }
    expect((await api.call('', 'GET', '/api/pharmacy/reports/stock')).statusCode).toBe(401);
    const other = (await report(s.b.token, 'stock')).json().data.rows;
    expect(other).toEqual([expect.objectContaining({ name: 'Paracetamol', onHand: 999, received: 999, dispensed: 0 })]);
    expect((await report(s.b.token, 'dispensing')).json().data.rows).toEqual([]);
  });

  it('answers bad periods and formats with 400 and the message', async () => {
    const cases: [string, string][] = [
      ['?from=2025-02-30', 'From must be a date (YYYY-MM-DD)'],
      ['?to=yesterday', 'To must be a date (YYYY-MM-DD)'],
      ['?from=2025-03-02&to=2025-03-01', 'From must be on or before To'],
      ['?format=xlsx', 'Format must be one of: json, csv'],
    ];
    for (const [query, message] of cases) {
      const res = await report(s.tokens.pharmacist, 'dispensing', query);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
  });
});
