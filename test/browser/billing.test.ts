import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingApi, enrolledPatient, HMO } from '../helpers/billing-api';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { DEFAULT_TIME_ZONE, hospitalDate } from '../../src/shared/hospital-calendar';
import { browserSuite } from './helpers/suite';
import { savedCopy } from './helpers/browser';
import { closeToast, hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';

/**
 * Issue 12 in Chromium against the real server: a doctor's consultation (fee and a charge)
 * raises an invoice; the accountant sees it on the dashboard and in the invoice list, takes a
 * part payment by POS and the rest in cash, prints the receipt, and the dashboard's totals move.
 */
const suite = browserSuite();
const open = suite.open;
const PASSWORD = 'Jollof-Rice-Sunday-42';
let hospital: Onboarded;
let accountant: BrowserStaff;
let patientName = '';
let doctorToken = '';

beforeAll(async () => {
  const t = suite.server.testApp;
  hospital = await onboardHospital(t);
  accountant = await hireForBrowser(suite, hospital.token, 'accountant', PASSWORD);
  const doctor = await hireForBrowser(suite, hospital.token, 'doctor', PASSWORD);
  doctorToken = doctor.token;
  const registered = await t.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: asClient(hospital.token),
    payload: newPatient({ firstName: 'Ngozi' }),
  });
  const patient = registered.json().data.patient;
  patientName = patient.name;
  const consulted = await t.app.inject({
    method: 'POST',
    url: '/api/consultations/create',
    headers: asClient(doctor.token),
    payload: {
      patientId: patient.id,
      chiefComplaint: 'Fever for three days',
      primaryDiagnosis: 'Malaria',
      billing: { consultationFee: 5000, additionalCharges: [{ description: 'Injection', amount: 1500.5 }] },
    },
  });
  if (consulted.statusCode !== 201) throw new Error(`consultation failed: ${consulted.statusCode} ${consulted.body}`);
  await billingApi(() => t).settle();
});

const metric = (page: Page, label: string) => page.getByRole('group', { name: label }).getByTestId('metric-value');

describe('Billing in Chromium', () => {
  it("the accountant takes a consultation's fee in two parts and prints the receipt", async () => {
    const { page, pageErrors } = await open();
    await signInAsStaff(page, suite.server.baseUrl, accountant);
    await page.getByRole('heading', { name: 'Billing Dashboard' }).waitFor();
    await expect.poll(() => metric(page, 'Invoices Generated Today').textContent()).toBe('1');
    expect(await metric(page, 'Outstanding Balances').textContent()).toBe('₦6,500.50');
    expect(await metric(page, 'Total Payments Received').textContent()).toBe('₦0.00');
    await page.getByRole('table', { name: 'Recent billing activity' }).getByText('Invoice Created').waitFor();

    await page.getByRole('link', { name: 'Invoice', exact: true }).first().click();
    await page.waitForURL(`${suite.server.baseUrl}/user/invoice`);
    const row = page.getByRole('row').filter({ hasText: patientName });
    await row.getByText('Unpaid').waitFor();
    await row.getByRole('link', { name: /^Open INV-/ }).click();
    await page.getByRole('heading', { name: /^Invoice INV-/ }).waitFor();
    await page.getByRole('table', { name: 'Invoice lines' }).getByText('Injection').waitFor();

    // Part payment by POS.
    await page.getByRole('button', { name: 'Record Payment' }).click();
    let dialog = page.getByRole('dialog', { name: 'Record Payment' });
    await dialog.getByLabel('Amount (₦)').fill('4000');
    await dialog.getByRole('button', { name: /Payment method/ }).click();
    await page.getByRole('option', { name: 'POS' }).click();
    await dialog.getByLabel('Reference').fill('POS-5512');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText('Payment recorded: RCT-000001').waitFor();
    await page.getByRole('table', { name: 'Payments' }).getByText('RCT-000001').waitFor();

    // The rest in cash: the dialog offers the balance.
    await page.getByRole('button', { name: 'Record Payment' }).click();
    dialog = page.getByRole('dialog', { name: 'Record Payment' });
    expect(await dialog.getByLabel('Amount (₦)').inputValue()).toBe('2500.50');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText('Payment recorded: RCT-000002').waitFor();
    await page.getByRole('button', { name: 'Record Payment' }).waitFor({ state: 'detached' });
    // The payment's toast sits over the receipt's link: the accountant closes it.
    await closeToast(page, 'Payment recorded: RCT-000002');

    // The receipt, printed.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('link', { name: 'Print receipt RCT-000002' }).click();
    const receipt = page.getByRole('article', { name: 'Receipt RCT-000002' });
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain('₦2,500.50');
    expect(await receipt.textContent()).toContain(patientName);
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // The dashboard's figures come from the payments.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'Billing Dashboard' }).waitFor();
    await expect.poll(() => metric(page, 'Total Payments Received').textContent()).toBe('₦6,500.50');
    expect(await metric(page, 'Outstanding Balances').textContent()).toBe('₦0.00');
    await page.getByRole('img', { name: /POS ₦4,000\.00/ }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('the payments ledger shows the cash-up at phone width without sideways scrolling', async () => {
    const { page } = await open({ width: 375, height: 800 });
    await signInAsStaff(page, suite.server.baseUrl, accountant);
    await page.goto('/user/payments');
    const cashUp = page.getByRole('table', { name: 'Totals per day per method' });
    await cashUp.getByText('₦6,500.50').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
  });

  it("the report shows the day's revenue: the day's invoice, paid in full by the two payments", async () => {
    const today = hospitalDate(new Date(), DEFAULT_TIME_ZONE);
    const { page, pageErrors } = await open();
    await signInAsStaff(page, suite.server.baseUrl, accountant);
    await page.goto('/user/report');
    const byDay = page.getByRole('table', { name: 'Revenue by Day' });
    const cells = byDay.getByRole('row').filter({ hasText: today }).getByRole('cell');
    await expect
      .poll(() => cells.allTextContents())
      .toEqual([`Day${today}`, 'Invoices1', 'Invoiced₦6,500.50', 'Paid₦6,500.50', 'Outstanding₦0.00']);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Revenue by Day CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^revenue-by-day-\\d{4}-\\d{2}-\\d{2}-to-${today}\\.csv$`));
    const csv = await readFile(await savedCopy(download), 'utf8');
    expect(csv).toContain(`${today},1,6500.50,6500.50,0.00\r\n`);
    expect(pageErrors).toEqual([]);
  });

  it("an HMO patient's invoice shows the split and lands in that month's claim", async () => {
    const t = suite.server.testApp;
    const api = billingApi(() => t);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(hospital.token),
      payload: newPatient({ firstName: 'Emeka' }),
    });
    const patient = registered.json().data.patient;
    await enrolledPatient(
      api,
      hospital.token,
      patient.id,
      HMO('HYGEIA', { consultation: 75, medication: 0, lab: 0 }),
      'HYG/42',
    );
    const consulted = await t.app.inject({
      method: 'POST',
      url: '/api/consultations/create',
      headers: asClient(doctorToken),
      payload: {
        patientId: patient.id,
        chiefComplaint: 'Cough',
        primaryDiagnosis: 'URTI',
        billing: { consultationFee: 10000 },
      },
    });
    expect(consulted.statusCode).toBe(201);
    await api.settle();

    const { page, pageErrors } = await open();
    await signInAsStaff(page, suite.server.baseUrl, accountant);
    await page.goto(`/user/invoice/${consulted.json().consultation.id}`);
    const split = page.getByRole('region', { name: 'HMO Split' });
    await split.getByText('HYGEIA Health, enrollee HYG/42').waitFor();
    expect(await split.textContent()).toContain('₦7,500.00');
    expect(await split.textContent()).toContain('₦2,500.00');

    await page.getByRole('link', { name: 'HMO Provider' }).first().click();
    await page.waitForURL(`${suite.server.baseUrl}/user/hmo-provider`);
    await page.getByRole('table', { name: 'HMO providers' }).getByText('HYGEIA Health').waitFor();
    const claims = page.getByRole('region', { name: 'Claims' });
    await claims.getByRole('button', { name: /HMO/ }).click();
    await page.getByRole('option', { name: 'HYGEIA Health' }).click();
    await claims.getByRole('button', { name: 'Submit Claim' }).click();
    await claims.getByText(/Claim for \d{4}-\d{2} submitted/).waitFor();
    const table = claims.getByRole('table', { name: 'Claims' });
    await table.getByText('CLM-000001').waitFor();
    expect(await table.textContent()).toContain(`${patient.name} (HYG/42) · ₦7,500.00`);
    await table.getByRole('button', { name: 'Mark Paid in Full' }).click();
    await claims.getByText('CLM-000001 settled').waitFor();
    const status = table.getByRole('row').nth(1).getByRole('cell').nth(6);
    await expect.poll(() => status.textContent()).toMatch(/Paid$/);
    expect(pageErrors).toEqual([]);
  });
});
