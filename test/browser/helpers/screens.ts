import type { Page } from 'playwright-core';
import { readVerificationCode } from '../../helpers/outbox';

/**
 * Steps a person takes on the screens, shared by the browser stories (issue 34's first week, the
 * prices walk): each fills a form as a person would, by its labels, and waits for the answer.
 */

export async function fillByLabel(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
}

/**
 * The hospital registered on the onboarding screens from the landing page, the code read from the
 * outbox; ends on the admin dashboard (where the first-login change form opens). `run`: six digits
 * that make the hospital's numbers new in the database.
 */
export async function registerHospitalOnScreens(
  page: Page,
  outboxDir: string,
  run: string,
  admin: { name: string; email: string; password: string },
) {
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
  await page.getByRole('heading', { name: 'Hospital Details' }).waitFor();
  await fillByLabel(page, {
    'Hospital Name': `Lagoon Specialist Hospital ${run}`,
    'Hospital Email': `info-${run}@lagoon-hospital.ng`,
    'Facility License': `HEFAMAA/LAG/2024/CLI/${run}`,
    'Official Registration Number': `RGN/LAG/2024/0${run}`,
    'Hospital Number': `DVC/2024/${run}`,
  });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('heading', { name: 'Admin Account' }).waitFor();
  await fillByLabel(page, {
    'Full Name': admin.name,
    'Job Title': 'Medical Director',
    'Admin Email': admin.email,
    Password: admin.password,
    'Confirm Password': admin.password,
  });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: 'Email Verification' }).waitFor();
  const code = await readVerificationCode(outboxDir, admin.email, 15_000);
  await fillByLabel(page, { 'Verification Code': code });
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await page.getByRole('heading', { name: 'Welcome to HMS!' }).waitFor();
  await page.getByRole('button', { name: 'Access Dashboard' }).click();
}

/** A staff member added on /admin/users (the page open): Add New User, the role by its label. */
export async function addUserOnScreen(page: Page, person: { name: string; email: string; role: string }) {
  await page.getByRole('button', { name: 'Add New User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New User' });
  await dialog.getByLabel('Full name').fill(person.name);
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByRole('button', { name: /Role/ }).click();
  await page.getByRole('option', { name: person.role, exact: true }).click();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: person.email }).waitFor();
}

export type NewBatch = { name: string; batch: string; vendor: string; expiry: string; quantity: number };

/** Add Medication filled in on the inventory (the page open), up to its price; the dialog is left open. */
export async function fillAddMedication(page: Page, batch: NewBatch, price: string) {
  const dialog = page.getByRole('dialog', { name: 'Add Medication' });
  await dialog.getByLabel(/Medication name/).fill(batch.name);
  await dialog.getByLabel(/Batch number/).fill(batch.batch);
  await dialog.getByLabel(/Vendor/).fill(batch.vendor);
  await dialog.getByLabel(/Expiry date/).fill(batch.expiry);
  await dialog.getByLabel(/^Quantity/).fill(String(batch.quantity));
  await dialog.getByLabel(/Reorder level/).fill('10');
  await dialog.getByLabel(/Price/).fill(price);
  return dialog;
}

/** A patient registered on Register Patient (from the receptionist's menu); ends on the patient list. */
export async function registerPatientOnScreen(
  page: Page,
  baseUrl: string,
  patient: { firstName: string; lastName: string; phone: string },
) {
  await page.getByRole('link', { name: 'Register Patient' }).first().click();
  const form = page.getByRole('form', { name: 'Register patient' });
  await form.getByLabel('First Name').fill(patient.firstName);
  await form.getByLabel('Last Name').fill(patient.lastName);
  await form.getByLabel('Date of Birth').fill('1991-03-14');
  await form.getByRole('button', { name: /Gender/ }).click();
  await page.getByRole('option', { name: 'Female', exact: true }).click();
  await form.getByLabel('Phone Number').fill(patient.phone);
  await form.getByLabel('Address').fill('14 Awolowo Road, Ikoyi, Lagos');
  await form.getByRole('button', { name: 'Generate ID' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Patient registered successfully!').waitFor();
  await page.waitForURL(`${baseUrl}/user/patients`);
}

export const changeDialog = (page: Page) => page.getByRole('dialog', { name: 'Change Password' });

/** The first-login Change Password form filled in and sent; waits for it to close. */
export async function changeInModal(page: Page, current: string, next: string) {
  const modal = changeDialog(page);
  await modal.getByRole('textbox', { name: 'Current Password' }).fill(current);
  await modal.getByRole('textbox', { name: 'New Password', exact: true }).fill(next);
  await modal.getByRole('textbox', { name: 'Confirm New Password' }).fill(next);
  await modal.getByRole('button', { name: 'Change Password' }).click();
  await modal.waitFor({ state: 'detached' });
}

/** Every /api/ answer a page gets, with its status. */
export function apiAnswers(page: Page) {
  const answers: { path: string; status: number }[] = [];
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) answers.push({ path: url.pathname, status: r.status() });
  });
  return answers;
}

/** A react-aria select in `scope`, by its button's name, set to `option`. */
export async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string) {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * From a patient's overview to Medical Records (a patient with none yet), and its New Consultation
 * panel opened. The URL
 * changes before the lazy records page has arrived (the router keeps the overview on screen
 * meanwhile, with its own New Consultation button and "No consultations recorded yet"), so the
 * records page's own heading is what says it is there.
 */
export async function openNewConsultation(page: Page) {
  await page.getByRole('link', { name: 'Medical Records' }).click();
  await page.getByRole('heading', { level: 1, name: 'Medical Records' }).waitFor();
  await page.getByText('No consultations recorded yet').waitFor();
  await page.getByRole('button', { name: 'New Consultation' }).click();
  return page.getByRole('dialog', { name: 'New Consultation' });
}
