import type { Page } from 'playwright-core';
import { asClient } from '../../helpers/patients-api';
import { hireAndSignIn, staffLogin } from '../../helpers/staff-api';
import type { BrowserSuite } from './suite';

export type BrowserStaff = { email: string; password: string; token: string; name: string };

/**
 * A staff member of `role` who can sign in through the login page: hired by the admin through the
 * API, the emailed temporary password changed to `password` (so the first-login modal stays shut),
 * then signed in again for an API token.
 */
export async function hireForBrowser(
  suite: BrowserSuite,
  adminToken: string,
  role: string,
  password: string,
): Promise<BrowserStaff> {
  const t = suite.server.testApp;
  const hired = await hireAndSignIn(t, adminToken, role);
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: asClient(hired.token),
    payload: { currentPassword: hired.password, newPassword: password, confirmPassword: password },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.statusCode} ${changed.body}`);
  const login = await staffLogin(t, hired.email, password);
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const user = login.json().data.user as { name?: string; firstName?: string; lastName?: string };
  return {
    email: hired.email,
    password,
    token: login.json().data.token as string,
    name: user.name ?? `${user.firstName} ${user.lastName}`,
  };
}

/**
 * Signs in on /user/login as a person would and waits for their dashboard, then closes the
 * "Welcome back" toast, as a person about to work would: for its five seconds it sits over the bottom
 * right, where forms keep their Save button.
 */
export async function signInAsStaff(page: Page, baseUrl: string, who: { email: string; password: string }) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/user/dashboard`);
  await closeToast(page, 'Welcome back');
}

/**
 * Closes the toast that says `text` with its close button, and waits until it has gone. On a slow
 * machine it may have closed itself (five seconds) before the page got here: nothing left to close.
 */
export async function closeToast(page: Page, text: string) {
  const toast = page.getByRole('alert').filter({ hasText: text });
  try {
    await toast.getByRole('button', { name: 'close' }).click({ timeout: 3_000 });
  } catch (error) {
    if (await toast.isVisible()) throw error;
  }
  await toast.waitFor({ state: 'hidden' });
}
