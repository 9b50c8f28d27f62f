import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingApi } from '../helpers/billing-api';
import { clinicalApi } from '../helpers/clinical-api';
import { onboardHospital, signInAdminOnce, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { hireAndSignIn } from '../helpers/staff-api';
import { expectAccessible } from './helpers/axe';
import { fillAddMedication } from './helpers/screens';
import { browserSuite } from './helpers/suite';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';

/**
 * Issue 34 §1–2 in Chromium against the real server: the admin prices a lab test and a drug on the
 * Price list and the invoice shows them; a ₦0 line is flagged on the invoice and the accountant
 * prices it; the accountant enrolls a patient with an HMO from the HMO Provider screen, and walks
 * the HMO day to the month's claim.
 */
const suite = browserSuite();
const PASSWORD = 'Jollof-Rice-Sunday-42';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
let hospital: Onboarded;
let accountant: BrowserStaff;
let pharmacist: BrowserStaff;
let labStaff: BrowserStaff;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const t = suite.server.testApp;
  hospital = await onboardHospital(t);
  await signInAdminOnce(t, hospital);
  accountant = await hireForBrowser(suite, hospital.token, 'accountant', PASSWORD);
  for (const role of ['doctor', 'receptionist']) tokens[role] = (await hireAndSignIn(t, hospital.token, role)).token;
  // These two also sign in through the browser: they price their own stock and tests (issue 34 §1).
  pharmacist = await hireForBrowser(suite, hospital.token, 'pharmacist', PASSWORD);
  labStaff = await hireForBrowser(suite, hospital.token, 'lab_technician', PASSWORD);
  tokens.pharmacist = pharmacist.token;
  tokens.lab_technician = labStaff.token;
  const clinic = clinicalApi(() => t);
  await clinic.stock(tokens.pharmacist!, { name: 'Artemether-Lumefantrine 80/480mg tablet', quantity: 60 });
  await clinic.stock(tokens.pharmacist!, { name: 'Zinc sulphate 20mg tablet', quantity: 60 });
});

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(hospital.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(hospital.adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${suite.server.baseUrl}/admin/dashboard`);
}

/** The elements that reach past the window's right edge (none: the page needs no sideways scrolling). */
const overflowing = (page: Page) =>
  page.evaluate(() =>
    document.documentElement.scrollWidth <= document.documentElement.clientWidth
      ? []
      : [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
          .filter((e) => !e.closest('.Toastify'))
          .slice(0, 5)
          .map((e) => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`),
  );

/** A patient seen by the doctor: a lab test (an FBC unless named) ordered and done, `drug` prescribed and dispensed. */
async function seenPatient(firstName: string, drug: string, testName = 'Full Blood Count') {
  const t = suite.server.testApp;
  const call = (token: string, method: 'POST' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });
  const registered = await call(tokens.receptionist!, 'POST', '/api/patients', newPatient({ firstName }));
  const patient = registered.json().data.patient as { id: string; name: string };
  const consulted = await call(tokens.doctor!, 'POST', '/api/consultations/create', {
    patientId: patient.id,
    chiefComplaint: 'Fever for three days',
    primaryDiagnosis: 'Malaria',
    prescriptions: [
      { medicationName: drug, dosage: '1 tablet', frequency: 'Twice daily', duration: '3 days', quantity: 6 },
    ],
    labOrders: [{ testName }],
    billing: { consultationFee: 5000 },
  });
  if (consulted.statusCode !== 201) throw new Error(`consultation failed: ${consulted.body}`);
  const c = consulted.json().consultation as { id: string; labOrders: { id: string }[] };
  const lab = c.labOrders[0]!.id;
  await call(tokens.lab_technician!, 'POST', `/api/lab/requests/${lab}/start`);
  const done = await call(tokens.lab_technician!, 'POST', `/api/lab/requests/${lab}/results`, { results: 'Normal' });
  if (done.statusCode !== 200) throw new Error(`results failed: ${done.body}`);
  const dispensed = await call(tokens.pharmacist!, 'POST', `/api/consultations/prescriptions/${c.id}/dispense`);
  if (dispensed.statusCode !== 200) throw new Error(`dispense failed: ${dispensed.body}`);
  await billingApi(() => t).settle();
  return { patient, invoiceId: c.id };
}

describe('Prices and the HMO desk in Chromium (issue 34)', () => {
  it('the admin prices a test and a drug on the Price list, and the invoice shows them', async () => {
    const { page, pageErrors } = await suite.open({ width: 375, height: 800 });
    await signInAsAdmin(page);
    const checklist = page.getByRole('region', { name: 'First-hour checklist' });
    await checklist.getByText('12 lab tests and 2 medications have no price yet').waitFor();
    await page.screenshot({ path: `${SHOTS}/prices-dashboard-375.png`, fullPage: true });
    await checklist.getByRole('link', { name: 'Set Prices' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/prices`);
    const table = page.getByRole('table', { name: 'Price list' });
    await table.getByText('Full Blood Count', { exact: true }).waitFor();

    await page.getByLabel('Search prices').fill('blood count');
    await table.getByText('Chest X-ray', { exact: true }).waitFor({ state: 'detached' });
    const fbc = page.getByLabel('Price of Full Blood Count (₦)');
    await fbc.fill('4,500');
    await fbc.press('Enter');
    await page.getByText('Full Blood Count: ₦4,500.00').waitFor();
    await page.getByLabel('Search prices').fill('artemether');
    const drug = page.getByLabel('Price of Artemether-Lumefantrine 80/480mg tablet (₦)');
    await drug.fill('350');
    await page.getByRole('button', { name: 'Save price of Artemether-Lumefantrine 80/480mg tablet' }).click();
    await page.getByText('Artemether-Lumefantrine 80/480mg tablet: ₦350.00').waitFor();
    await page.getByLabel('Search prices').fill('');
    await page.getByText('11 lab tests and 1 medication have no price yet', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/prices-list-375.png`, fullPage: true });
    expect(await overflowing(page)).toEqual([]);
    // The admin's Laboratory screen holds the lab catalogue with the same prices.
    await page.goto('/admin/laboratory');
    const catalogue = page.getByRole('table', { name: 'Lab test catalogue' });
    expect(await catalogue.getByLabel('Price of Full Blood Count (₦)').inputValue()).toBe('4500.00');
    expect(await overflowing(page)).toEqual([]);
    expect(pageErrors).toEqual([]);

    const { invoiceId } = await seenPatient('Chiamaka', 'Artemether-Lumefantrine 80/480mg tablet');
    const { page: desk } = await suite.open();
    await signInAsStaff(desk, suite.server.baseUrl, accountant);
    await desk.goto(`/user/invoice/${invoiceId}`);
    const lines = desk.getByRole('table', { name: 'Invoice lines' });
    const row = (text: string) => lines.getByRole('row').filter({ hasText: text });
    await row('Full Blood Count').getByText('₦4,500.00').first().waitFor();
    expect(await row('Artemether-Lumefantrine').textContent()).toContain('₦2,100.00');
    expect(await desk.getByText(/lines? ha(s|ve) no price/).count()).toBe(0);
  });

  it('the pharmacist prices a drug in Add Medication and the lab a test in its catalogue: the Price list and the invoice carry them', async () => {
    const drug = 'Ciprofloxacin 500mg tablet';
    const { page: shelf, pageErrors } = await suite.open({ width: 375, height: 800 });
    await signInAsStaff(shelf, suite.server.baseUrl, pharmacist);
    await shelf.goto('/user/inventory');
    await shelf.getByRole('button', { name: 'Add Medication' }).click();
    const add = shelf.getByRole('dialog', { name: 'Add Medication' });
    await add.getByLabel(/Medication name/).fill('artemether-lumefantrine 80/480MG tablet');
    // A name the formulary knows shows the price it has (set on the Price list by the first test).
    await add.getByText('Current price: ₦350.00. Leave empty to keep it.').waitFor();
    await fillAddMedication(
      shelf,
      { name: drug, batch: 'CIP-01', vendor: 'Fidson', expiry: '2028-06-30', quantity: 50 },
      '',
    );
    await add.getByText('No price yet: without one it is invoiced at ₦0.00.').waitFor();
    await add.getByLabel(/Price/).fill('120');
    await shelf.screenshot({ path: `${SHOTS}/prices-add-medication-375.png`, fullPage: true });
    await add.getByRole('button', { name: 'Add Medication' }).click();
    await shelf.getByText('Medication added successfully! Price: ₦120.00.').waitFor();
    const batch = shelf.getByRole('table', { name: 'Medications' }).getByRole('row').filter({ hasText: 'CIP-01' });
    await batch.getByText('₦120.00').waitFor();
    expect(await overflowing(shelf)).toEqual([]);
    expect(pageErrors).toEqual([]);

    const { page: lab, pageErrors: labErrors } = await suite.open({ width: 375, height: 800 });
    await signInAsStaff(lab, suite.server.baseUrl, labStaff);
    await lab.getByRole('button', { name: 'Open menu' }).click();
    await lab.getByRole('link', { name: 'Test Catalogue' }).click();
    await lab.waitForURL(`${suite.server.baseUrl}/user/lab-catalogue`);
    await lab.getByText('11 tests have no price yet: they are invoiced at ₦0.00.').waitFor();
    const mps = lab.getByLabel('Price of Malaria Parasite (₦)');
    await mps.fill('1,500');
    await mps.press('Enter');
    await lab.getByText('Malaria Parasite: ₦1,500.00').waitFor();
    await lab.getByText('10 tests have no price yet: they are invoiced at ₦0.00.').waitFor();
    await lab.screenshot({ path: `${SHOTS}/prices-lab-catalogue-375.png`, fullPage: true });
    expect(await overflowing(lab)).toEqual([]);
    await expectAccessible(lab, 'the Test Catalogue');
    expect(labErrors).toEqual([]);

    // The accountant's Price list holds both, and the invoice charges them.
    const { page: desk } = await suite.open();
    await signInAsStaff(desk, suite.server.baseUrl, accountant);
    await desk.goto('/user/prices');
    await desk.getByLabel('Search prices').fill('ciprofloxacin');
    expect(await desk.getByLabel(`Price of ${drug} (₦)`).inputValue()).toBe('120.00');
    await desk.getByLabel('Search prices').fill('malaria');
    expect(await desk.getByLabel('Price of Malaria Parasite (₦)').inputValue()).toBe('1500.00');
    const { invoiceId } = await seenPatient('Bisi', drug, 'Malaria Parasite');
    await desk.goto(`/user/invoice/${invoiceId}`);
    const lines = desk.getByRole('table', { name: 'Invoice lines' });
    const row = (text: string) => lines.getByRole('row').filter({ hasText: text });
    await row('Malaria Parasite').getByText('₦1,500.00').first().waitFor();
    expect(await row('Ciprofloxacin').textContent()).toContain('₦720.00');
    expect(await desk.getByText(/lines? ha(s|ve) no price/).count()).toBe(0);
  });

  it('the invoice warns of a ₦0 line and the accountant prices it: the total and balance follow', async () => {
    const { patient, invoiceId } = await seenPatient('Tunde', 'Zinc sulphate 20mg tablet');
    const { page, pageErrors } = await suite.open({ width: 375, height: 800 });
    await signInAsStaff(page, suite.server.baseUrl, accountant);
    await page.goto(`/user/invoice/${invoiceId}`);
    await page.getByRole('alert').filter({ hasText: '1 line has no price' }).waitFor();
    const summary = page.getByRole('region', { name: 'Summary' });
    expect(await summary.textContent()).toContain(patient.name);
    expect(await summary.textContent()).toContain('₦9,500.00');
    await page.screenshot({ path: `${SHOTS}/prices-invoice-warning-375.png`, fullPage: true });
    await page.getByRole('button', { name: 'Price Zinc sulphate 20mg tablet (no list price)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Price Line' });
    await dialog.getByLabel('Unit price (₦)').fill('50');
    await dialog.getByRole('button', { name: 'Save Price' }).click();
    await page.getByText('Line priced').waitFor();
    await expect.poll(() => summary.textContent()).toContain('₦9,800.00');
    expect(await page.getByText(/lines? ha(s|ve) no price/).count()).toBe(0);
    const zinc = page.getByRole('table', { name: 'Invoice lines' }).getByRole('row').filter({ hasText: 'Zinc' });
    expect(await zinc.textContent()).toContain('₦300.00');
    expect(await zinc.textContent()).not.toContain('no list price');
    expect(await overflowing(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('the accountant enrolls a patient with an HMO from its screen and walks the HMO day to the claim', async () => {
    const t = suite.server.testApp;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(tokens.receptionist!),
      payload: newPatient({ firstName: 'Ifeoma', lastName: 'Nwachukwu' }),
    });
    const patient = registered.json().data.patient as { id: string; name: string; identificationNumber: string };
    const api = billingApi(() => t);
    const hmo = await api.call(accountant.token, 'POST', '/api/billing/hmos', {
      name: 'Hygeia HMO',
      code: 'HYG',
      coverage: { consultation: 80, medication: 50, lab: 100 },
    });
    expect(hmo.statusCode, hmo.body).toBe(201);

    const { page, pageErrors } = await suite.open({ width: 375, height: 800 });
    await signInAsStaff(page, suite.server.baseUrl, accountant);
    // On a phone the menu is a drawer: open it as a person would.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'HMO Provider' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/user/hmo-provider`);
    const enroll = page.getByRole('region', { name: 'Enroll a patient' });
    await enroll.getByLabel('Find patient').fill('Nwachukwu');
    await enroll.getByRole('button', { name: 'Search' }).click();
    const hit = enroll.getByRole('button', { name: new RegExp(patient.name) });
    await hit.waitFor();
    expect(await hit.textContent()).toContain(patient.identificationNumber);
    await page.screenshot({ path: `${SHOTS}/prices-enroll-375.png`, fullPage: true });
    await hit.click();
    const group = page.getByRole('group', { name: `Enrollment of ${patient.name}` });
    await group.getByText('Not enrolled with an HMO').waitFor();
    await group.getByRole('button', { name: /HMO/ }).click();
    await page.getByRole('option', { name: 'Hygeia HMO (HYG)' }).click();
    await group.getByLabel('Enrollee number').fill('HYG/2026/0042');
    await group.getByRole('button', { name: 'Enroll' }).click();
    await group.getByText('Hygeia HMO, enrollee HYG/2026/0042').waitFor();
    expect(await page.getByText('You do not have permission').count()).toBe(0);

    // The consultation: ₦10,000 fee, 80 % the HMO's.
    const consulted = await t.app.inject({
      method: 'POST',
      url: '/api/consultations/create',
      headers: asClient(tokens.doctor!),
      payload: {
        patientId: patient.id,
        chiefComplaint: 'Cough',
        primaryDiagnosis: 'URTI',
        billing: { consultationFee: 10000 },
      },
    });
    expect(consulted.statusCode, consulted.body).toBe(201);
    await api.settle();
    await page.goto(`/user/invoice/${consulted.json().consultation.id}`);
    const split = page.getByRole('region', { name: 'HMO Split' });
    await split.getByText('Hygeia HMO, enrollee HYG/2026/0042').waitFor();
    expect(await split.textContent()).toContain('₦8,000.00');
    expect(await split.textContent()).toContain('₦2,000.00');

    // The patient pays the co-pay.
    await page.getByRole('button', { name: 'Record Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record Payment' });
    expect(await dialog.getByLabel('Amount (₦)').inputValue()).toBe('2000.00');
    await dialog.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByText(/Payment recorded: RCT-/).waitFor();
    await expect.poll(() => split.textContent()).toMatch(/Patient balance₦0\.00/);

    // The month's claim holds the HMO's share.
    await page.goto('/user/hmo-provider');
    const claims = page.getByRole('region', { name: 'Claims' });
    await claims.getByRole('button', { name: /HMO/ }).click();
    await page.getByRole('option', { name: 'Hygeia HMO' }).click();
    await claims.getByRole('button', { name: 'Submit Claim' }).click();
    await claims.getByText(/Claim for \d{4}-\d{2} submitted/).waitFor();
    const table = claims.getByRole('table', { name: 'Claims' });
    await expect.poll(() => table.textContent()).toContain(`${patient.name} (HYG/2026/0042) · ₦8,000.00`);
    expect(await overflowing(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
