import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingApi } from './helpers/billing-api';
import { clinicalApi } from './helpers/clinical-api';
import { asClient, patientsApi, startPatientsSuite, type PatientsSuite } from './helpers/patients-api';
import { DEFAULT_TIME_ZONE, hospitalDate } from '../src/shared/hospital-calendar';

/**
 * Issue 36 §2: a hospital's days are its own time zone's (Settings), on every server-side day:
 * billing days, pharmacy report periods, audit days, "today". The hospital here is not in Lagos,
 * and its zone is chosen so that its date differs from Lagos's now: Kiritimati (UTC+14) is a day
 * ahead of Lagos from 10:00 to 23:00 UTC, Pago Pago (UTC-11) a day behind from 23:00 to 11:00 UTC.
 */
function zoneNotOnLagosDay(now = new Date()): string {
  const minutes = now.getUTCHours() * 60 + now.getUTCMinutes();
  const zone = minutes >= 10 * 60 + 30 && minutes < 23 * 60 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
  if (hospitalDate(now, zone) === hospitalDate(now, DEFAULT_TIME_ZONE)) throw new Error(`${zone} is on Lagos's day`);
  return zone;
}

describe('a hospital outside Lagos reckons its days in its own time zone', () => {
  let s: PatientsSuite;
  let zone: string;
  const billing = billingApi(() => s.t);
  const clinical = clinicalApi(() => s.t);
  const patients = patientsApi(() => s.t);
  const today = () => hospitalDate(new Date(), zone);

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'accountant', 'pharmacist']);
    zone = zoneNotOnLagosDay();
    const saved = await s.t.app.inject({
      method: 'PUT',
      url: '/api/hospital/settings',
      headers: asClient(s.tokens.admin),
      payload: { timeZone: zone },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => s?.t.close());

  it("ends the billing dashboard on the hospital's today and counts a payment on it", async () => {
    const before = await billing.dashboard(s.tokens.accountant);
    const patient = await patients.registered(s.tokens.receptionist);
    const invoice = await billing.manual(s.tokens.accountant, patient.id, 1500);
    const paid = await billing.pay(s.tokens.accountant, invoice.id, { amount: 1500, method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(201);

    const after = await billing.dashboard(s.tokens.accountant);
    expect(after.paymentsPerDay.at(-1).date).toBe(today());
    expect(after.paymentsPerDay.at(-1).cash - before.paymentsPerDay.at(-1).cash).toBe(150_000);
    expect(after.metrics.invoicesToday - before.metrics.invoicesToday).toBe(1);
    expect(after.metrics.paymentsTodayKobo - before.metrics.paymentsTodayKobo).toBe(150_000);

    // The other hospital kept the default zone: its dashboard ends on Lagos's day.
    const other = await billing.dashboard(s.b.token);
    expect(other.paymentsPerDay.at(-1).date).toBe(hospitalDate(new Date(), DEFAULT_TIME_ZONE));
  });

  it("puts a stock receipt on the hospital's day in the pharmacy's reports", async () => {
    await clinical.stock(s.tokens.pharmacist, { name: 'Amoxicillin', quantity: 40, reorderLevel: 5 });
    const day = today();
    const res = await clinical.call(s.tokens.pharmacist, 'GET', `/api/pharmacy/reports/stock?from=${day}&to=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.rows).toEqual([expect.objectContaining({ name: 'Amoxicillin', onHand: 40, received: 40 })]);

    // Left out, the period is this month so far, to the hospital's today.
    const month = await clinical.call(s.tokens.pharmacist, 'GET', '/api/pharmacy/reports/dispensing');
    expect(month.json().data).toMatchObject({ from: `${day.slice(0, 8)}01`, to: day });
  });

  it("counts a patient registered now among the hospital's registrations today", async () => {
    const before = (
      await s.t.app.inject({ url: '/api/patients/stats', headers: asClient(s.tokens.receptionist) })
    ).json().data;
    await patients.registered(s.tokens.receptionist);
    const after = (
      await s.t.app.inject({ url: '/api/patients/stats', headers: asClient(s.tokens.receptionist) })
    ).json().data;
    expect(after.registeredToday - before.registeredToday).toBe(1);
  });

  it("reads the audit trail's bare dates as the hospital's days, and names its CSV by the hospital's day", async () => {
    const day = today();
    const trail = await s.t.app.inject({
      url: `/api/audit/events?from=${day}&to=${day}&limit=200`,
      headers: asClient(s.tokens.admin),
    });
    expect(trail.statusCode, trail.body).toBe(200);
    const actions: string[] = trail.json().data.entries.map((e: { action: string }) => e.action);
    expect(actions.some((a) => a.startsWith('Changed hospital settings'))).toBe(true);

    const csv = await s.t.app.inject({ url: '/api/audit/events.csv', headers: asClient(s.tokens.admin) });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="audit-trail-${day}.csv"`);
  });
});
