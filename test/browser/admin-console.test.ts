import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MENUS } from '../../src/web/features/shell/menus';
import { moduleRefusedMessage } from '../../src/shared/access-matrix';
import { HMO } from '../helpers/billing-api';
import { onboardHospital, signInAdminOnce, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { expectAccessible } from './helpers/axe';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';
import { browserSuite } from './helpers/suite';

/**
 * Issue 13 in Chromium against the real server: the admin walks every item of the admin menu and
 * each page shows this hospital's records (none says 'coming soon'); the access matrix the admin
 * saves is what the server enforces on the pharmacist; the idle time-out saved on Settings is what
 * the settings API answers; the busiest admin pages fit a 375px phone.
 */
const suite = browserSuite();
const PASSWORD = 'Agege-Bread-Morning-47';
let hospital: Onboarded;
let doctor: BrowserStaff;
let pharmacist: BrowserStaff;
let patient: { id: string; firstName: string; lastName: string };
let consultationId: string;
const hmoName = `ADM${Date.now().toString(36).slice(-4).toUpperCase()}`;

const inject = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  suite.server.testApp.app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });
const patientName = () => `${patient.firstName} ${patient.lastName}`;

beforeAll(async () => {
  const t = suite.server.testApp;
  hospital = await onboardHospital(t);
  // Two sign-ins through the API: the account's first login is over (the server clears it at the
  // second), so neither the browser's sign-in nor the onboarding token opens on the forced change.
  for (let i = 0; i < 2; i++) {
    await signInAdminOnce(t, hospital);
  }
  doctor = await hireForBrowser(suite, hospital.token, 'doctor', PASSWORD);
  pharmacist = await hireForBrowser(suite, hospital.token, 'pharmacist', PASSWORD);
  const registered = await inject(hospital.token, 'POST', '/api/patients', newPatient());
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  patient = registered.json().data.patient;
  // The doctor's consultation raises an invoice and leaves a prescription for the pharmacist.
  const consulted = await inject(doctor.token, 'POST', '/api/consultations/create', {
    patientId: patient.id,
    chiefComplaint: 'Fever for two days',
    primaryDiagnosis: 'Uncomplicated malaria',
    medications: [{ name: 'Coartem', dosage: '80/480mg', quantity: 6 }],
  });
  if (consulted.statusCode !== 201) throw new Error(`consultation failed: ${consulted.body}`);
  consultationId = consulted.json().data.consultation.id;
  const hmo = await inject(hospital.token, 'POST', '/api/billing/hmos', HMO(hmoName));
  if (hmo.statusCode !== 201) throw new Error(`HMO failed: ${hmo.body}`);
});

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(hospital.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(hospital.adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${suite.server.baseUrl}/admin/dashboard`);
}

/** An admin page opened straight from its address, signed in by the stored token. */
async function openAsAdmin(path: string, viewport?: { width: number; height: number }) {
  const opened = await suite.open(viewport);
  await opened.page.addInitScript((token) => localStorage.setItem('hms.adminToken', token), hospital.token);
  await opened.page.goto(path);
  return opened;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

/** What each admin page shows once its real data has loaded (this hospital's records where it has some). */
const REAL_CONTENT: Record<string, (page: Page) => ReturnType<Page['getByText']>> = {
  '/admin/dashboard': (p) => p.getByRole('heading', { name: 'Admin Dashboard' }),
  '/admin/users': (p) => p.getByText(pharmacist.email),
  '/admin/patients': (p) => p.getByRole('table').getByText(patientName()).first(),
  '/admin/laboratory': (p) => p.getByRole('heading', { name: 'Laboratory', level: 1 }),
  '/admin/reception': (p) => p.getByText(patientName()).first(),
  '/admin/pharmacy': (p) => p.getByRole('heading', { name: 'Pharmacy', level: 1 }),
  '/admin/audit': (p) => p.getByRole('table', { name: 'Audit trail' }).getByText(patientName()).first(),
  '/admin/billing': (p) => p.getByRole('table', { name: 'Recent invoices' }).getByText(patientName()),
  '/admin/providers': (p) => p.getByText(`${hmoName} Health`),
  '/admin/prices': (p) => p.getByRole('table', { name: 'Price list' }).getByText('Full Blood Count').first(),
  '/admin/access-control': (p) => p.getByRole('checkbox', { name: 'Pharmacy: Pharmacist' }),
  '/admin/settings': (p) => p.getByLabel('Idle time-out (minutes)'),
};

describe('The admin console in Chromium', () => {
  it('every admin menu item opens a working page on real data, none of them coming soon', async () => {
    const { page, pageErrors } = await suite.open();
    await signInAsAdmin(page);
    const items = MENUS[0]!;
    expect(items.map((i) => i.href).sort()).toEqual(Object.keys(REAL_CONTENT).sort());
    for (const item of items) {
      await menu(page).getByRole('link', { name: item.label, exact: true }).click();
      await page.waitForURL(`${suite.server.baseUrl}${item.href}`);
      await REAL_CONTENT[item.href]!(page).waitFor({ timeout: 15_000 });
      expect(await page.getByText(/coming soon/i).count(), item.href).toBe(0);
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: /failed|denied|error/i })
          .count(),
        item.href,
      ).toBe(0);
    }

    // Billing: the accountant's figures, and the invoice opens on the admin's own route.
    await menu(page).getByRole('link', { name: 'Billing', exact: true }).click();
    const invoices = page.getByRole('table', { name: 'Recent invoices' });
    await invoices.getByText(patientName()).waitFor();
    await page.getByRole('group', { name: 'Invoices Generated Today' }).getByText('1', { exact: true }).waitFor();
    await invoices
      .getByRole('link', { name: /^Open / })
      .first()
      .click();
    await page.waitForURL(new RegExp(`${suite.server.baseUrl}/admin/billing/invoices/[^/]+$`));
    await page.getByRole('heading', { name: /^Invoice / }).waitFor();
    await page.getByText(patientName()).first().waitFor();

    // Profile: the signed-in admin's own account, and Change Password opens (and closes) the form.
    await page.goto('/admin/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    const facts = page.getByRole('definition');
    await facts.getByText(hospital.adminEmail, { exact: true }).waitFor();
    await facts.getByText(hospital.hospital.name, { exact: true }).waitFor();
    await facts.getByText(hospital.hospital.hospitalId, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    await dialog.getByLabel('Current Password', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText(/coming soon/i).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('a bar along the top says the next screen is coming while its code is on its way', async () => {
    const { page, pageErrors } = await suite.open(undefined, { serviceWorkers: 'block' });
    await page.addInitScript((token) => localStorage.setItem('hms.adminToken', token), hospital.token);
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.waitForLoadState('networkidle');
    // From here on every script arrives a second and a half late, as on a slow connection.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    const bar = page.getByRole('progressbar', { name: 'Opening the next screen' });
    expect(await bar.count()).toBe(0);
    await menu(page).getByRole('link', { name: 'Users', exact: true }).click();
    await bar.waitFor();
    // The old screen stays on view meanwhile; then the next one comes and the bar goes.
    expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(1);
    await REAL_CONTENT['/admin/users']!(page).waitFor({ timeout: 15_000 });
    await bar.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  it('revoking Pharmacy for pharmacists on Access Control hides their pharmacy menu and the server refuses them', async () => {
    const admin = await openAsAdmin('/admin/access-control');
    const box = admin.page.getByRole('checkbox', { name: 'Pharmacy: Pharmacist' });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    // react-aria draws the box over its visually hidden input.
    await box.uncheck({ force: true });
    expect(await box.isChecked()).toBe(false);
    await admin.page.getByRole('button', { name: 'Save Changes' }).click();
    await admin.page.getByText('Access control settings saved successfully!').waitFor();

    const { page, pageErrors } = await suite.open();
    await signInAsStaff(page, suite.server.baseUrl, pharmacist);
    await menu(page).getByRole('link', { name: 'Report' }).waitFor();
    const labels = await menu(page).getByRole('link').allTextContents();
    expect(labels.map((l) => l.trim())).toContain('Dashboard');
    expect(labels.join('|')).not.toMatch(/Prescription Request|Inventory/);

    const refused = await inject(
      pharmacist.token,
      'POST',
      `/api/consultations/prescriptions/${consultationId}/dispense`,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(moduleRefusedMessage('pharmacy'));
    expect(refused.json().message).toContain('Pharmacy');
    expect(pageErrors).toEqual([]);
  });

  it('the idle time-out saved on Settings is what GET /api/hospital/settings answers', async () => {
    const before = await inject(hospital.token, 'GET', '/api/hospital/settings');
    expect(before.json().data.settings.idleTimeoutMinutes).toBe(10);
    const { page, pageErrors } = await openAsAdmin('/admin/settings');
    const field = page.getByLabel('Idle time-out (minutes)');
    await field.fill('25');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Hospital settings saved successfully!').waitFor();
    const after = await inject(hospital.token, 'GET', '/api/hospital/settings');
    expect(after.json().data.settings.idleTimeoutMinutes).toBe(25);
    await page.reload();
    await expect.poll(() => page.getByLabel('Idle time-out (minutes)').inputValue()).toBe('25');
    expect(pageErrors).toEqual([]);
  });

  it('/admin/patients, /admin/laboratory, /admin/pharmacy and the two new pages have no sideways scroll at 375px', async () => {
    const heading = {
      '/admin/patients': /^All Patients/,
      '/admin/laboratory': 'Laboratory',
      '/admin/pharmacy': 'Pharmacy',
      '/admin/billing': 'Billing',
      '/admin/profile': 'My Profile',
    };
    for (const [path, name] of Object.entries(heading)) {
      const { page } = await openAsAdmin(path, { width: 375, height: 800 });
      await page.getByRole('heading', { name, level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      const fits = await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      );
      expect(fits, path).toBe(true);
      if (path === '/admin/billing' || path === '/admin/profile') await expectAccessible(page, path);
    }
  });
});
