import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { readOutbox } from '../test/helpers/outbox';
import { decodeQuotedPrintable } from '../test/helpers/staff-api';
import { post } from './day-setup';
import type { ScreenRole } from './screens-list';

/** Who signs in on a login page, and which one. */
export type Login = { email: string; password: string; area: 'admin' | 'user' };

/** A member of staff of `role` with a password of their own, for the login page. */
export async function staffMember(base: string, dataDir: string, adminToken: string, role: ScreenRole): Promise<Login> {
  const email = `${role.replace('_', '-')}-${randomUUID().slice(0, 8)}@screens.test`;
  await post(base, '/api/users', { firstName: 'Screens', lastName: role.replace('_', ' '), email, role }, adminToken);
  const mail = (await readOutbox(path.join(dataDir, 'outbox'), email))[0]!;
  const temporary = /^Temporary password: (\S+)\s*$/m.exec(decodeQuotedPrintable(mail.raw))![1]!;
  const login = await post(base, '/api/auth/login', { email, password: temporary });
  const token = (login.data as { token: string }).token;
  const password = `Okra-Harmattan-${randomUUID().slice(0, 12)}`;
  await post(
    base,
    '/api/auth/change-password',
    { currentPassword: temporary, newPassword: password, confirmPassword: password },
    token,
  );
  return { email, password, area: 'user' };
}

/** A browser context of its own, signed in through the login page as a person does. */
export async function signIn(browser: Browser, base: string, who: Login): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await signInOn(page, who);
  return page;
}

/** Through the login page of `who`'s area; the page is then parked on a blank page until its screens are measured. */
export async function signInOn(page: Page, who: Login): Promise<void> {
  await page.goto(who.area === 'admin' ? '/admin/login' : '/user/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 60_000 });
  await page.goto('about:blank');
}
