import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, randomIp, type Onboarded } from '../helpers/onboard';
import { hireAndSignIn } from '../helpers/staff-api';
import { browserSuite } from './helpers/suite';

/**
 * The Content-Security-Policy the server sends fits the built app: Chromium reports no violation on
 * the main pages, signed out and signed in (admin and staff).
 */
const suite = browserSuite();
let hospital: Onboarded;
let nurseToken: string;

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  // A first API sign-in, so the browser's is not the admin's first (which forces a password change).
  await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { 'x-forwarded-for': randomIp() },
    payload: { email: hospital.adminEmail, password: hospital.adminPassword },
  });
  nurseToken = (await hireAndSignIn(suite.server.testApp, hospital.token, 'nurse')).token;
});

/** Collects violations the way the browser reports them: the DOM event and the console message. */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

describe('Content-Security-Policy in Chromium', () => {
  it('reports no violation on the public pages', async () => {
    const { page } = await suite.open();
    const violations = await watch(page);
    for (const url of ['/', '/onboarding', '/admin/login', '/user/login']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      expect(await violations(), url).toEqual([]);
    }
  });

  it('reports no violation on the signed-in pages', async () => {
    const { page } = await suite.open();
    const violations = await watch(page);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(hospital.adminEmail);
    await page.getByLabel('Password', { exact: true }).fill(hospital.adminPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/dashboard`);
    await page.waitForLoadState('networkidle');
    for (const url of ['/admin/dashboard', '/admin/users']) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      expect(await violations(), url).toEqual([]);
    }

    const staff = await suite.open();
    const staffViolations = await watch(staff.page);
    await staff.page.goto('/');
    await staff.page.evaluate((token) => localStorage.setItem('hms.userToken', token), nurseToken);
    await staff.page.goto('/user/dashboard');
    await staff.page.waitForLoadState('networkidle');
    expect(await staffViolations(), '/user/dashboard').toEqual([]);
  });
});
