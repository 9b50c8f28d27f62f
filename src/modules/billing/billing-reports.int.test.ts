import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi, enrolledPatient, HMO } from '../../../test/helpers/billing-api';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { DEFAULT_TIME_ZONE, hospitalDate } from '../../shared/hospital-calendar';

const line = (kind: string, unitPrice: number, quantity = 1) => ({ kind, description: kind, quantity, unitPrice });

describe('revenue reports and the report CSVs', () => {
  let s: PatientsSuite;
  let otherAccountant: string;
  let hmoId: string;
  const today = hospitalDate(new Date(), DEFAULT_TIME_ZONE);
  const api = billingApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const invoice = async (patientId: string, lines: object[], token = s.tokens.accountant) =>
    (await api.expectOk(await api.call(token, 'POST', '/api/billing/invoices', { patientId, lines }), 201)).data
      .invoice as { id: string; totalKobo: number };
  const report = async (query: string, token = s.tokens.accountant) =>
    (await api.expectOk(await api.call(token, 'GET', `/api/billing/reports/revenue?${query}`))).data;

  beforeAll(async () => {
    s = await startPatientsSuite(['doctor', 'nurse', 'receptionist', 'accountant']);
    otherAccountant = (await hireAndSignIn(s.t, s.b.token, 'accountant')).token;
    // Ada pays for herself: ₦11,500 across every kind of line, half of it paid in cash.
    const ada = await patients.registered(s.tokens.receptionist);
    const a1 = await invoice(ada.id, [
      line('consultation', 5000),
      line('charge', 1000),
      line('medication', 1000, 2),
      line('lab', 3000),
      line('other', 500),
    ]);
    await api.expectOk(await api.pay(s.tokens.accountant, a1.id, { amount: 5750, method: 'cash' }), 201);
    // An old invoice (15 March 2024) and a voided one: neither is in today's figures.
    const old = await invoice(ada.id, [line('other', 100)]);
    await s.t.platform.db
      .updateTable('billing_invoices')
      .set({ created_on: '2024-03-15' })
      .where('invoice_id', '=', old.id)
      .execute();
    const voided = await invoice(ada.id, [line('other', 999)]);
    await api.expectOk(
      await api.call(s.tokens.accountant, 'POST', `/api/billing/invoices/${voided.id}/void`, { reason: 'Typed twice' }),
    );
    // Bola is covered: the HMO (named like a formula) takes ₦800 of a ₦1,000 consultation.
    const bola = await patients.registered(s.tokens.receptionist);
    hmoId = await enrolledPatient(api, s.tokens.accountant, bola.id, {
      ...HMO('REV', { consultation: 80, medication: 50, lab: 100 }),
      name: '=HYPERLINK("http://x.example","Rev")',
    });
    const b1 = await invoice(bola.id, [line('consultation', 1000)]);
    await api.expectOk(await api.pay(s.tokens.accountant, b1.id, { amount: 200, method: 'pos' }), 201);
    await api.expectOk(await api.pay(s.tokens.accountant, b1.id, { amount: 300, method: 'hmo' }), 201);
    // Another hospital's invoice never shows here.
    const theirs = await patients.registered(s.otherReceptionist);
    await invoice(theirs.id, [line('consultation', 7000)], otherAccountant);
  });
  afterAll(async () => s?.t.close());

  it("totals today's invoices by day: invoiced, paid so far and outstanding, in kobo", async () => {
    const byDay = await report(`groupBy=day`);
    expect(byDay.to).toBe(today);
    expect(byDay.rows).toEqual([
      {
        key: today,
        label: today,
        invoices: 2,
        invoicedKobo: 1_250_000,
        paidKobo: 625_000,
        outstandingKobo: 625_000,
      },
    ]);
    expect(byDay.totals).toEqual({ invoices: 2, invoicedKobo: 1_250_000, paidKobo: 625_000, outstandingKobo: 625_000 });
    // The admin reads it too; the other hospital sees only its own ₦7,000.
    expect((await report('groupBy=day', s.tokens.admin)).totals.invoicedKobo).toBe(1_250_000);
    expect((await report('groupBy=day', otherAccountant)).totals).toEqual({
      invoices: 1,
      invoicedKobo: 700_000,
      paidKobo: 0,
      outstandingKobo: 700_000,
    });
  });

  it('groups by month over a date range, and by service kind with the payments spread over the lines', async () => {
    const byMonth = await report(`groupBy=month&from=2024-01-01&to=${today}`);
    expect(byMonth.rows.map((r: { key: string; invoicedKobo: number }) => [r.key, r.invoicedKobo])).toEqual([
      ['2024-03', 10_000],
      [today.slice(0, 7), 1_250_000],
    ]);
    expect((await report('groupBy=month&from=2024-03-01&to=2024-03-31')).totals).toEqual({
      invoices: 1,
      invoicedKobo: 10_000,
      paidKobo: 0,
      outstandingKobo: 10_000,
    });
    const byService = await report(`groupBy=service&from=${today}&to=${today}`);
    expect(byService.rows).toEqual([
      {
        key: 'consultation',
        label: 'Consultation',
        invoices: 2,
        invoicedKobo: 700_000,
        paidKobo: 350_000,
        outstandingKobo: 350_000,
      },
      {
        key: 'medication',
        label: 'Medication',
        invoices: 1,
        invoicedKobo: 200_000,
        paidKobo: 100_000,
        outstandingKobo: 100_000,
      },
      { key: 'lab', label: 'Lab', invoices: 1, invoicedKobo: 300_000, paidKobo: 150_000, outstandingKobo: 150_000 },
      { key: 'other', label: 'Other', invoices: 1, invoicedKobo: 50_000, paidKobo: 25_000, outstandingKobo: 25_000 },
    ]);
  });

  it("splits by payer: the patients' shares and each HMO's", async () => {
    const byPayer = await report(`groupBy=payer&from=2024-01-01&to=${today}`);
    expect(byPayer.rows).toEqual([
      {
        key: 'patient',
        label: 'Patients',
        invoices: 3,
        invoicedKobo: 1_180_000,
        paidKobo: 595_000,
        outstandingKobo: 585_000,
      },
      {
        key: hmoId,
        label: '=HYPERLINK("http://x.example","Rev")',
        invoices: 1,
        invoicedKobo: 80_000,
        paidKobo: 30_000,
        outstandingKobo: 50_000,
      },
    ]);
    expect(byPayer.totals).toEqual({
      invoices: 3,
      invoicedKobo: 1_260_000,
      paidKobo: 625_000,
      outstandingKobo: 635_000,
    });
  });

  it('downloads each report as CSV in naira, with a header, a total and formulas defused', async () => {
    const csv = await api.call(
      s.tokens.accountant,
      'GET',
      `/api/billing/reports/revenue.csv?groupBy=payer&from=2024-01-01&to=${today}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="revenue-by-payer-2024-01-01-to-${today}.csv"`,
    );
    expect(csv.body.split('\r\n')).toEqual([
      'payer,invoices,invoiced_naira,paid_naira,outstanding_naira',
      'Patients,3,11800.00,5950.00,5850.00',
      `"'=HYPERLINK(""http://x.example"",""Rev"")",1,800.00,300.00,500.00`,
      'Total,3,12600.00,6250.00,6350.00',
      '',
    ]);
    const service = await api.call(
      s.tokens.admin,
      'GET',
      `/api/billing/reports/revenue.csv?groupBy=service&from=${today}&to=${today}`,
    );
    expect(service.body.split('\r\n').slice(0, 2)).toEqual([
      'service,invoices,invoiced_naira,paid_naira,outstanding_naira',
      'Consultation,2,7000.00,3500.00,3500.00',
    ]);
    const byHmo = await api.call(s.tokens.accountant, 'GET', '/api/billing/reports/outstanding.csv?by=hmo');
    expect(byHmo.headers['content-disposition']).toBe(`attachment; filename="outstanding-by-hmo-${today}.csv"`);
    expect(byHmo.body.split('\r\n')).toEqual([
      'hmo,invoices,days_0_30_naira,days_31_60_naira,days_61_90_naira,days_90_plus_naira,total_naira',
      `"'=HYPERLINK(""http://x.example"",""Rev"")",1,500.00,0.00,0.00,0.00,500.00`,
      'Total,1,500.00,0.00,0.00,0.00,500.00',
      '',
    ]);
    const byPatient = await api.call(s.tokens.accountant, 'GET', '/api/billing/reports/outstanding.csv?by=patient');
    expect(byPatient.body.split('\r\n')[0]).toBe(
      'patient,invoices,days_0_30_naira,days_31_60_naira,days_61_90_naira,days_90_plus_naira,total_naira',
    );
    expect(byPatient.body.split('\r\n').slice(2)).toEqual(['Total,2,5750.00,0.00,0.00,100.00,5850.00', '']);
  });

  it('refuses other roles and bad input with the envelope', async () => {
    for (const role of ['doctor', 'nurse', 'receptionist'] as const) {
      for (const url of [
        '/api/billing/reports/revenue',
        '/api/billing/reports/revenue.csv',
        '/api/billing/reports/outstanding.csv',
      ]) {
        const res = await api.call(s.tokens[role], 'GET', url);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json().message).toBe('Access denied. Billing staff or admin role required.');
      }
    }
    const bad = async (query: string) => {
      const res = await api.call(s.tokens.accountant, 'GET', `/api/billing/reports/revenue?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().errors;
    };
    expect(await bad('groupBy=week')).toEqual([
      { field: 'groupBy', message: 'Group by must be one of: day, month, service, payer' },
    ]);
    expect(await bad('from=2024-02-30')).toEqual([{ field: 'from', message: 'From must be a date (YYYY-MM-DD)' }]);
    expect(await bad('from=2024-05-01&to=2024-04-01')).toEqual([
      { field: 'to', message: 'From must be on or before To' },
    ]);
  });
});
