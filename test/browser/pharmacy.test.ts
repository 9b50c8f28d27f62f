import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { hireAndSignIn, staffLogin } from '../helpers/staff-api';
import { expectAccessible } from './helpers/axe';
import { browserSuite } from './helpers/suite';

/**
 * Issue 9's pharmacist screens in Chromium against the real server: the pharmacist stocks a
 * medication, a doctor's prescription (made through the API) arrives live, the pharmacist dispenses
 * it and the inventory drops by the quantity; a short-stock prescription stays with the reason;
 * the dashboard's figures and activity follow. Then the same screens on a 375px phone.
 */
const suite = browserSuite();
const open = suite.open;
let hospital: Onboarded;
const staff: Record<'pharmacist' | 'doctor', { email: string; password: string; token: string }> = {} as never;
const PASSWORD = 'Zobo-Drink-Tuesday-7';
let patient: { id: string; name: string };

async function staffMember(role: 'pharmacist' | 'doctor') {
  const hired = await hireAndSignIn(suite.server.testApp, hospital.token, role);
  const res = await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: asClient(hired.token),
    payload: { currentPassword: hired.password, newPassword: PASSWORD, confirmPassword: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`password change failed: ${res.statusCode} ${res.body}`);
  const login = await staffLogin(suite.server.testApp, hired.email, PASSWORD);
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  return { email: hired.email, password: PASSWORD, token: login.json().data.token as string };
}

/** The doctor's consultation with one prescribed medication, through the real API. */
async function prescribe(medicationName: string, quantity: number) {
  const res = await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/consultations/create',
    headers: asClient(staff.doctor.token),
    payload: {
      patientId: patient.id,
      chiefComplaint: 'Fever and chills',
      primaryDiagnosis: 'Malaria',
      prescriptions: [{ medicationName, dosage: '80/480mg', frequency: 'Twice daily', duration: '3 days', quantity }],
    },
  });
  if (res.statusCode !== 201) throw new Error(`consultation failed: ${res.statusCode} ${res.body}`);
}

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  staff.pharmacist = await staffMember('pharmacist');
  staff.doctor = await staffMember('doctor');
  const res = await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: asClient(hospital.token),
    payload: newPatient({ firstName: 'Adaeze' }),
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  patient = res.json().data.patient;
});

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${suite.server.baseUrl}/user/dashboard`);
}

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const stockRow = (page: Page, batch: string) =>
  page.getByRole('table', { name: 'Medications' }).getByRole('row').filter({ hasText: batch });
/** The batch's Stock Quantity cell (its text ends with the number). */
const stockOf = (page: Page, batch: string) => stockRow(page, batch).getByRole('cell').nth(4).textContent();
const metric = (page: Page, label: string) => page.getByRole('group', { name: label }).getByTestId('metric-value');
/** Goes to a screen through the sidebar, as a person would (the session and the live connection stay). */
const viaMenu = (page: Page, label: string) =>
  page.getByRole('navigation').getByRole('link', { name: label }).first().click();

describe('Pharmacy in Chromium', () => {
  it('stocks, dispenses a live prescription, and the inventory and dashboard follow', async () => {
    const { page, pageErrors } = await open();
    await signIn(page, staff.pharmacist);
    await page.getByRole('heading', { name: 'Pharmacist Dashboard' }).waitFor();
    await page.getByText('No dispensation activity yet').waitFor();

    await viaMenu(page, 'Inventory Management');
    await page.waitForURL(`${suite.server.baseUrl}/user/inventory`);
    await page.getByText('No medications in stock yet').waitFor();
    await page.getByRole('button', { name: 'Add Medication' }).click();
    const add = page.getByRole('dialog', { name: 'Add Medication' });
    await add.getByRole('button', { name: 'Add Medication' }).click();
    await add.getByText('Medication name is required').waitFor();
    await add.getByLabel('Medication name').fill('Coartem');
    await add.getByLabel('Batch number').fill('CTM-2031');
    await add.getByLabel('Vendor').fill('Novartis Nigeria');
    await add.getByLabel('Expiry date').fill('2031-06-30');
    await add.getByLabel('Quantity').fill('40');
    await add.getByLabel('Reorder level').fill('10');
    await add.getByRole('button', { name: 'Add Medication' }).click();
    await page.getByText('Medication added successfully!').waitFor();
    await stockRow(page, 'CTM-2031').filter({ hasText: 'In Stock' }).waitFor();

    await stockRow(page, 'CTM-2031')
      .getByRole('button', { name: /Receive stock/ })
      .click();
    const receive = page.getByRole('dialog', { name: 'Receive Stock' });
    await receive.getByLabel('Quantity received').fill('10');
    await receive.getByRole('button', { name: 'Receive Stock' }).click();
    await page.getByText('Stock received successfully!').waitFor();
    await expect.poll(() => stockOf(page, 'CTM-2031')).toMatch(/\D50$/);
    expect(await metric(page, 'Total Medications').textContent()).toBe('1');
    await expectAccessible(page, 'the inventory');

    // The queue is open when the doctor prescribes: the card arrives without a reload.
    await viaMenu(page, 'Prescription Request');
    await page.getByText('No pending prescriptions').waitFor();
    await prescribe('Coartem', 6);
    const card = page.getByRole('article', { name: `Prescription for ${patient.name}` });
    await card.waitFor();
    await page.getByText(`New prescription for ${patient.name}`).first().waitFor();
    expect(await page.getByText(/Connection Issue/).count()).toBe(0);
    await card.getByRole('button', { name: new RegExp(`^${patient.name}`) }).click();
    await card.getByText('Twice daily').waitFor();
    await expectAccessible(page, 'the pending prescriptions with a card open');
    await card.getByRole('button', { name: /Dispense Medication/ }).click();
    await page.getByText('Medication dispensed successfully!').waitFor();
    await page.getByText('No pending prescriptions').waitFor();

    // Short stock: the card stays, with the reason naming the medication.
    await prescribe('Amlodipine', 5);
    await card.waitFor();
    await card.getByRole('button', { name: /Dispense Medication/ }).click();
    await page.getByRole('alert').filter({ hasText: 'Insufficient stock for Amlodipine' }).waitFor();
    await card.waitFor();

    await viaMenu(page, 'Inventory Management');
    await expect.poll(() => stockOf(page, 'CTM-2031')).toMatch(/\D44$/);

    await viaMenu(page, 'Dashboard');
    await expect.poll(() => metric(page, 'Dispensed Medications').textContent()).toBe('1');
    expect(await metric(page, 'Pending Prescriptions').textContent()).toBe('1');
    expect(await metric(page, 'Low Stock Medications').textContent()).toBe('0');
    const activity = page.getByRole('table', { name: 'Dispensation activity' }).getByRole('row', { name: /Coartem/ });
    await activity.waitFor();
    expect(await activity.textContent()).toContain('Coartem × 6');
    expect(await activity.textContent()).toContain('Completed');
    await expectAccessible(page, 'the pharmacist dashboard');
    await page.getByRole('link', { name: 'View All' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/user/dispensations`);
    await page.getByRole('table', { name: 'Dispensation activity' }).getByText(patient.name).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('works on a 375px phone: the queue, an adjustment and the dashboard', async () => {
    const { page, pageErrors } = await open({ width: 375, height: 740 });
    await signIn(page, staff.pharmacist);
    await page.getByRole('heading', { name: 'Pharmacist Dashboard' }).waitFor();
    await expect.poll(() => metric(page, 'Pending Prescriptions').textContent()).toBe('1');
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.goto('/user/prescription-request');
    const card = page.getByRole('article', { name: `Prescription for ${patient.name}` });
    await card.getByRole('button', { name: new RegExp(`^${patient.name}`) }).click();
    await card.getByText('Amlodipine').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.goto('/user/inventory');
    await stockRow(page, 'CTM-2031')
      .getByRole('button', { name: /^Adjust/ })
      .click();
    const adjust = page.getByRole('dialog', { name: 'Adjust Stock' });
    await expectAccessible(page, 'the Adjust Stock dialog at 375px');
    await adjust.getByLabel('Quantity change').fill('-4');
    await adjust.getByLabel('Reason').fill('Two packs damaged in the rain');
    await adjust.getByRole('button', { name: 'Save Adjustment' }).click();
    await page.getByText('Stock adjusted successfully!').waitFor();
    await expect.poll(() => stockOf(page, 'CTM-2031')).toMatch(/\D40$/);
    await page.getByRole('tab', { name: 'Group Medications' }).click();
    await page.getByRole('table', { name: 'Group medications' }).getByText('Coartem').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
