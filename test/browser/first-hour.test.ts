import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, randomIp, type Onboarded } from '../helpers/onboard';
import { hireStaff } from '../helpers/staff-api';
import { browserSuite } from './helpers/suite';

/**
 * Issue 15, "the first hour of a new hospital", in Chromium against the real server: the Clinic
 * plan's seats and its limit, the users list on a phone, and toasts that leave the header alone.
 */
const suite = browserSuite();
let hospital: Onboarded;

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  // One API sign-in first, so the browser sign-ins below are not the admin's first (which forces a password change).
  const first = await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    headers: { 'x-forwarded-for': randomIp() },
    payload: { email: hospital.adminEmail, password: hospital.adminPassword },
  });
  if (first.statusCode !== 200) throw new Error(`admin sign-in failed: ${first.statusCode} ${first.body}`);
  await hireStaff(suite.server.testApp, hospital.token, {
    role: 'lab_technician',
    firstName: 'Oluwaseun',
    lastName: 'Adebayo-Williams',
    email: 'oluwaseun.adebayo-williams@stluke-specialist.test',
  });
});

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(hospital.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(hospital.adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${suite.server.baseUrl}/admin/dashboard`);
}

const box = async (page: Page, locator: ReturnType<Page['locator']>) => {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element not visible');
  return b;
};

/** The scripts a page loads, with their headers and (decoded) text. */
async function scriptsOf(page: Page, path: string) {
  const scripts: { url: string; headers: Record<string, string>; text: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    pending.push(
      (async () => {
        scripts.push({ url: response.url(), headers: await response.allHeaders(), text: await response.text() });
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return scripts;
}

describe('The first pages in Chromium', () => {
  it('serves the landing and sign-in pages compressed, cacheable, and without what only signed-in screens need', async () => {
    const { page } = await suite.open();
    for (const path of ['/', '/admin/login', '/user/login']) {
      const scripts = await scriptsOf(page, path);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        // Files under 1 KiB are not worth compressing (the build leaves them as they are).
        if (script.text.length >= 1024) expect(script.headers['content-encoding'], script.url).toMatch(/^(br|gzip)$/);
        expect(script.headers['cache-control'], script.url).toBe('public, max-age=31536000, immutable');
        // zod, the forced password dialog and the inactivity warning come with the signed-in screens.
        expect(script.text.includes('$ZodError'), `${script.url} carries zod`).toBe(false);
        expect(script.text.includes('Session Timeout Warning'), script.url).toBe(false);
        expect(script.text.includes('Change Password'), script.url).toBe(false);
      }
    }
    const html = await page.request.get('/');
    expect(html.headers()['cache-control']).toBe('no-cache');
    const icon = await page.request.get('/favicon.svg');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/image\/svg\+xml/);
  });

  it("lets a phone visitor choose the administrator or the staff sign-in from the landing page's menu", async () => {
    const { page } = await suite.open({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const signIn = page.getByRole('group', { name: 'Sign In' });
    expect(await signIn.getByRole('link').allTextContents()).toEqual(['Administrator sign-in', 'Staff sign-in']);
    await signIn.getByRole('link', { name: 'Staff sign-in' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.server.baseUrl}/user/login`);
    await page.getByRole('heading', { level: 1, name: 'Staff Login' }).waitFor();
  });
});

describe('The first hour in Chromium', () => {
  it('shows toasts below the header, clear of the bell and the signed-in person', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 740 },
    ]) {
      const { page } = await suite.open(viewport);
      await signInAsAdmin(page);
      const toast = page.getByRole('alert').filter({ hasText: 'Welcome back' });
      await toast.waitFor();
      const header = await box(page, page.getByRole('banner'));
      const shown = await box(page, toast);
      expect(shown.y, `toast top at ${viewport.width}px`).toBeGreaterThanOrEqual(header.y + header.height);
      const bell = await box(page, page.getByRole('button', { name: /Notifications/ }));
      expect(shown.y).toBeGreaterThan(bell.y + bell.height);
    }
  });

  it('with less motion asked for, keeps a toast its five seconds and runs no animation endlessly', async () => {
    const { page } = await suite.open(undefined, { reducedMotion: 'reduce' });
    await signInAsAdmin(page);
    const toast = page.getByRole('alert').filter({ hasText: 'Welcome back' });
    await toast.waitFor();
    const shownAt = Date.now();
    // Motion off made every animation 0.01 ms, the progress bar's too, and the bar's end is what
    // closes a toast: it vanished as it appeared. It stays now, and still closes by itself.
    await page.waitForTimeout(1500);
    expect(await toast.isVisible()).toBe(true);
    // Everything else runs its animation once, at once: no spinner or bar left jumping every frame.
    const motion = await page.evaluate(() => {
      const spinning = document.body.appendChild(document.createElement('div'));
      spinning.style.animation = 'spin 0.8s linear infinite';
      const style = getComputedStyle(spinning);
      const seen = [style.animationIterationCount, style.animationDuration];
      spinning.remove();
      return seen;
    });
    expect(motion).toEqual(['1', '1e-05s']);
    await toast.waitFor({ state: 'hidden', timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3000);
  });

  it('lists users as cards on a 375px phone, every action on screen and each value labelled', async () => {
    const { page, pageErrors } = await suite.open({ width: 375, height: 740 });
    await signInAsAdmin(page);
    await page.goto('/admin/users');
    const table = page.getByRole('table', { name: 'Users' });
    const row = table.getByRole('row').filter({ hasText: 'Oluwaseun' });
    await row.waitFor();

    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect((await box(page, table)).width).toBeLessThanOrEqual(375);
    for (const name of ['Edit Oluwaseun Adebayo-Williams', 'Delete Oluwaseun Adebayo-Williams']) {
      const button = await box(page, row.getByRole('button', { name }));
      expect(button.x).toBeGreaterThanOrEqual(0);
      expect(button.x + button.width).toBeLessThanOrEqual(375);
    }
    // Each value stands under its column's header, and the User ID keeps to one line.
    const labels = await row
      .locator('td > [aria-hidden="true"]')
      .evaluateAll((els) => els.map((el) => [el.textContent, getComputedStyle(el).display]));
    expect(labels).toEqual(
      ['User ID', 'Name', 'Email', 'Role', 'Status', 'Actions'].map((header) => [header, 'block']),
    );
    const id = row.getByText(/^EMP-\d{4}$/);
    const idBox = await box(page, id);
    const lineHeight = await id.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect(idBox.height).toBeLessThan(lineHeight * 1.5);
    expect(pageErrors).toEqual([]);
  });

  it("counts the Clinic plan's seats, explains the full plan before any form, and upgrades", async () => {
    // Five more staff fill the plan: the admin and six staff are its seven seats.
    for (let i = 0; i < 5; i++) {
      await hireStaff(suite.server.testApp, hospital.token, { role: 'nurse', firstName: `Nurse${i}` });
    }
    const { page, pageErrors } = await suite.open();
    await signInAsAdmin(page);
    await page.getByRole('group', { name: 'Total Users' }).getByText('7 of 7 seats used (including you)').waitFor();

    await page.goto('/admin/users');
    await page.getByText('7 of 7 seats used (including you)').waitFor();
    await page.getByRole('button', { name: 'Add New User' }).click();
    const full = page.getByRole('dialog', { name: 'All seats are in use' });
    await full.waitFor();
    expect(await full.textContent()).toContain(
      'The Clinic plan allows up to 7 users. Upgrade to the Hospital plan to add more.',
    );
    expect(await page.getByRole('dialog', { name: 'Add New User' }).count()).toBe(0);

    await full.getByRole('button', { name: 'Upgrade to Hospital plan' }).click();
    await page.getByRole('dialog', { name: 'Add New User' }).waitFor();
    await page.getByText('7 users (Hospital plan, unlimited)').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
