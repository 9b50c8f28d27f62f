import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, randomIp, type Onboarded } from '../helpers/onboard';
import { readInvitation, staffLogin, uniqueEmail } from '../helpers/staff-api';
import { browserSuite } from './helpers/suite';

/**
 * Issue 4 end to end in Chromium against the real server: the admin creates a pharmacist on /admin/users,
 * the pharmacist signs in with the emailed temporary password, is forced to change it, and lands on the
 * pharmacist dashboard with the pharmacist menu.
 */
const suite = browserSuite();
const open = suite.open;
let hospital: Onboarded;

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  // One API sign-in first, so the browser sign-in below is not the admin's first (which forces a password change).
  const first = await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { 'x-forwarded-for': randomIp() },
    payload: { email: hospital.adminEmail, password: hospital.adminPassword },
  });
  if (first.statusCode !== 200) throw new Error(`admin sign-in failed: ${first.statusCode} ${first.body}`);
});

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(hospital.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(hospital.adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${suite.server.baseUrl}/admin/dashboard`);
}

const menuLabels = (page: Page) =>
  page.getByRole('navigation', { name: 'Main menu' }).getByRole('listitem').allTextContents();

describe('Staff management in Chromium', () => {
  it('the admin creates a pharmacist who signs in, changes the emailed password and gets the pharmacist shell', async () => {
    const { page, pageErrors } = await open();
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByText(hospital.hospitalData.name).first().isVisible()).toBe(true);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/users`);
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page
      .getByText('No users found')
      .or(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1))
      .first()
      .waitFor();

    const email = uniqueEmail('pharmacist');
    await page.getByRole('button', { name: 'Add New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New User' });
    await dialog.getByLabel('Full name').fill('Peace Okon');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: /Role/ }).click();
    await page.getByRole('option', { name: 'Pharmacist' }).click();
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await page.getByText('User created successfully! Invitation email sent.').waitFor();
    const row = page.getByRole('table', { name: 'Users' }).getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Peace Okon');
    expect(await row.textContent()).toContain('Pharmacist');
    expect(await row.textContent()).toContain('Active');

    const invitation = await readInvitation(suite.server.testApp, email);
    expect(await row.textContent()).toContain(invitation.employeeId);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/login`);

    await page.goto('/user/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(invitation.temporaryPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/user/dashboard`);

    const change = page.getByRole('dialog', { name: 'Change Password' });
    await change.waitFor();
    const newPassword = 'Okra-Soup-Tuesday-42';
    await change.getByRole('textbox', { name: 'Current Password' }).fill(invitation.temporaryPassword);
    await change.getByRole('textbox', { name: 'New Password', exact: true }).fill(newPassword);
    await change.getByRole('textbox', { name: 'Confirm New Password' }).fill(newPassword);
    await change.getByRole('button', { name: 'Change Password' }).click();
    await change.waitFor({ state: 'detached' });

    await page.getByRole('heading', { name: 'Pharmacist Dashboard' }).waitFor();
    expect(await menuLabels(page)).toEqual([
      'Dashboard',
      'Prescription Request',
      'Inventory Management',
      'Report',
      'Logout',
    ]);
    expect(await page.getByRole('banner').getByText('Hello Peace').isVisible()).toBe(true);
    // A new hospital's real figure: nothing waits for the pharmacy yet.
    const pending = page.getByRole('group', { name: 'Pending Prescriptions' }).getByTestId('metric-value');
    await expect.poll(() => pending.textContent()).toBe('0');

    // The change really happened on the server: the new password signs in, the emailed one no longer does.
    expect((await staffLogin(suite.server.testApp, email, newPassword)).statusCode).toBe(200);
    expect((await staffLogin(suite.server.testApp, email, invitation.temporaryPassword)).statusCode).toBe(401);

    // A menu target without its screen yet shows the coming-soon page inside the shell.
    await page.getByRole('link', { name: 'Inventory Management' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/user/inventory`);
    await page.getByRole('heading', { level: 1, name: 'Inventory Management' }).waitFor();
    expect(await menuLabels(page)).toContain('Logout');
    expect(pageErrors).toEqual([]);
  });

  it('collapses the sidebar into a drawer on a 375px phone, without sideways scrolling', async () => {
    const { page, pageErrors } = await open({ width: 375, height: 740 });
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main menu' }).isVisible()).toBe(false);
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/users`);
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});
