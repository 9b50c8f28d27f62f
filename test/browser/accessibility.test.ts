import type { Page } from 'playwright-core';
import { beforeAll, describe, it } from 'vitest';
import { onboardHospital, randomIp, type Onboarded } from '../helpers/onboard';
import { bearer, hireStaff, staffLogin } from '../helpers/staff-api';
import { expectAccessible } from './helpers/axe';
import { browserSuite } from './helpers/suite';

/**
 * axe-core on the main pages, in the states a first-hour visitor meets them in (errors shown, a
 * dialog open): no serious or critical violation, at desktop and at phone width.
 */
const suite = browserSuite();
let hospital: Onboarded;
let pharmacistToken: string;

beforeAll(async () => {
  const t = suite.server.testApp;
  hospital = await onboardHospital(t);
  // The account's first login is over (cleared by its second sign-in): the onboarding token below
  // opens the admin screens, not the forced Change Password form.
  for (let i = 0; i < 2; i++) {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'x-forwarded-for': randomIp() },
      payload: { email: hospital.adminEmail, password: hospital.adminPassword },
    });
    if (login.statusCode !== 200) throw new Error(`admin sign-in failed: ${login.statusCode} ${login.body}`);
  }
  const hired = await hireStaff(t, hospital.token, { role: 'pharmacist', firstName: 'Peace', lastName: 'Okon' });
  const first = await staffLogin(t, hired.email, hired.password);
  const password = 'Okra-Soup-Tuesday-42';
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: { ...bearer(first.json().data.token), 'x-forwarded-for': randomIp() },
    payload: { currentPassword: hired.password, newPassword: password, confirmPassword: password },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.statusCode} ${changed.body}`);
  const signedIn = await staffLogin(t, hired.email, password);
  pharmacistToken = signedIn.json().data.token;
});

/** A page already signed in: the token is where the app keeps it, and the app resolves it on load. */
async function openSignedIn(key: 'hms.adminToken' | 'hms.userToken', token: string, phone = false) {
  const opened = await suite.open(phone ? { width: 375, height: 740 } : undefined);
  await opened.page.addInitScript(([k, v]) => localStorage.setItem(k!, v!), [key, token]);
  return opened.page;
}

const WIDTHS = [
  ['desktop', false],
  ['a 375px phone', true],
] as const;

describe.each(WIDTHS)('Main pages pass axe at %s', (width, phone) => {
  const open = () => suite.open(phone ? { width: 375, height: 740 } : undefined);

  it('landing page', async () => {
    const { page } = await open();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Run your hospital/ }).waitFor();
    await expectAccessible(page, `the landing page at ${width}`);
  });

  it('onboarding, empty and with its errors shown', async () => {
    const { page } = await open();
    await page.goto('/onboarding');
    await page.getByRole('heading', { name: 'Hospital Details' }).waitFor();
    await expectAccessible(page, `onboarding at ${width}`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Hospital Number is required').waitFor();
    await expectAccessible(page, `onboarding with errors at ${width}`);
  });

  it('admin and staff sign-in, with a refusal shown', async () => {
    const { page } = await open();
    await page.goto('/admin/login');
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    await expectAccessible(page, `the admin sign-in at ${width}`);
    await page.getByLabel('Email').fill(hospital.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await expectAccessible(page, `the admin sign-in with a refusal at ${width}`);

    await page.goto('/user/login');
    await page.getByRole('heading', { level: 1, name: 'Staff Login' }).waitFor();
    await expectAccessible(page, `the staff sign-in at ${width}`);
  });

  it('admin dashboard, with the profile banner', async () => {
    const page = await openSignedIn('hms.adminToken', hospital.token, phone);
    await page.goto('/admin/dashboard');
    await page.getByRole('heading', { name: 'Complete Your Profile' }).waitFor();
    await page.getByText(/seats used \(including you\)/).waitFor();
    await expectAccessible(page, `the admin dashboard at ${width}`);
  });

  it('users page, its list and the Add New User dialog', async () => {
    const page = await openSignedIn('hms.adminToken', hospital.token, phone);
    await page.goto('/admin/users');
    await page.getByRole('table', { name: 'Users' }).getByText('Peace Okon').waitFor();
    await expectAccessible(page, `the users page at ${width}`);
    await page.getByRole('button', { name: 'Add New User' }).click();
    await page.getByRole('dialog', { name: 'Add New User' }).waitFor();
    await expectAccessible(page, `the Add New User dialog at ${width}`);
  });

  it('staff dashboard', async () => {
    const page = await openSignedIn('hms.userToken', pharmacistToken, phone);
    await page.goto('/user/dashboard');
    await page.getByRole('heading', { name: 'Pharmacist Dashboard' }).waitFor();
    await waitForIdle(page);
    await expectAccessible(page, `the staff dashboard at ${width}`);
  });
});

/** Lets the widgets finish loading, so axe sees them with their data. */
async function waitForIdle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
}
