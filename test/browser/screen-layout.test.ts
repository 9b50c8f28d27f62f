import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, signInAdminOnce, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { browserSuite } from './helpers/suite';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';

/**
 * Issue 34 §6 layout facts in Chromium, at a phone's width (375 px) and a laptop's (1366 px): the
 * dashboard, Audit Logs and the patient lists. Screenshots go to SCREENSHOT_DIR for a person to look at.
 */
const suite = browserSuite();
const PASSWORD = 'Pounded-Yam-Friday-42';
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp';
const PHONE = { width: 375, height: 800 };
const LAPTOP = { width: 1366, height: 768 };
let hospital: Onboarded;
let receptionist: BrowserStaff;

beforeAll(async () => {
  const t = suite.server.testApp;
  hospital = await onboardHospital(t);
  await signInAdminOnce(t, hospital);
  receptionist = await hireForBrowser(suite, hospital.token, 'receptionist', PASSWORD);
  // Enough patients for long lists and a dashboard with activity.
  for (let i = 0; i < 12; i++) {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(receptionist.token),
      payload: newPatient({ firstName: `Layout${String.fromCharCode(65 + i)}` }),
    });
    if (answer.statusCode !== 201) throw new Error(`registration failed: ${answer.statusCode} ${answer.body}`);
  }
});

async function signInAsAdmin(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(hospital.adminEmail);
  await page.getByLabel('Password', { exact: true }).fill(hospital.adminPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${suite.server.baseUrl}/admin/dashboard`);
}

/** Words of the visible card labels and column headers that the browser broke across lines. */
const brokenHeaderWords = (page: Page) =>
  page.evaluate(() => {
    const broken: string[] = [];
    const cells = [...document.querySelectorAll('th, td > span[aria-hidden="true"]')].filter(
      (e) => (e as HTMLElement).offsetParent !== null && e.getBoundingClientRect().width > 1,
    );
    for (const cell of cells) {
      const node = cell.firstChild;
      if (!node || node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });

/** The sidebar's column against the page: its bottom and the page's full height. */
const sidebarCover = (page: Page) =>
  page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const aside = document.querySelector('aside')!;
    const rect = aside.getBoundingClientRect();
    return {
      bottom: Math.round(rect.bottom + window.scrollY),
      page: document.documentElement.scrollHeight,
      background: getComputedStyle(aside).backgroundColor,
    };
  });

const visible = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const e = document.querySelector(s) as HTMLElement | null;
    return !!e && e.offsetParent !== null && e.getBoundingClientRect().height > 1;
  }, selector);

describe('screens at a laptop’s width (1366 px)', () => {
  it('shows Recent Activities as a table, the sidebar down the whole page, toasts clear of the actions', async () => {
    const { page, pageErrors } = await suite.open(LAPTOP);
    await signInAsAdmin(page);
    // The welcome toast sits at the bottom right, clear of the header and the page's actions.
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    // Where it rests, not a frame of its bounce in (whose overshoot reaches 25 px further left).
    await toast.evaluate((e) =>
      Promise.all(
        e
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished),
      ),
    );
    const box = (await toast.boundingBox())!;

    const activities = page.getByRole('table', { name: 'Recent activities' });
    await activities.getByRole('cell').first().waitFor();
    // A table with its column headers on show, not the phone's cards.
    expect(await activities.getByRole('columnheader', { name: 'DESCRIPTION' }).isVisible()).toBe(true);
    const header = (await activities.locator('thead').boundingBox())!;
    expect(header.height).toBeGreaterThan(10);
    await page.screenshot({ path: `${SHOTS}/layout-dashboard-1366.png`, fullPage: true });

    await page.goto('/admin/patients');
    await page.getByText('LayoutL', { exact: false }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/layout-patients-1366.png`, fullPage: true });
    const cover = await sidebarCover(page);
    expect(cover.page).toBeGreaterThan(LAPTOP.height);
    expect(cover.bottom).toBeGreaterThanOrEqual(cover.page - 1);
    expect(cover.background).not.toBe('rgba(0, 0, 0, 0)');

    await page.goto('/admin/audit-logs');
    await page.getByRole('search', { name: 'Filter the audit trail' }).waitFor();
    // Wide enough: the filters are always on show, no button to fold them.
    expect(await page.getByRole('button', { name: 'Filters' }).isVisible()).toBe(false);
    await page.screenshot({ path: `${SHOTS}/layout-audit-1366.png`, fullPage: true });
    const auditCover = await sidebarCover(page);
    expect(auditCover.bottom).toBeGreaterThanOrEqual(auditCover.page - 1);

    await page.goto('/admin/settings');
    const licence = page.getByLabel('Facility License');
    await licence.waitFor();
    // The whole licence number shows: nothing scrolls inside its box.
    expect(await licence.inputValue()).not.toBe('');
    expect(await licence.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    expect(box.y).toBeGreaterThan(LAPTOP.height / 2);
    expect(box.x + box.width).toBeGreaterThan(LAPTOP.width - 40);
    expect(pageErrors).toEqual([]);
  });
});

describe('screens at a phone’s width (375 px)', () => {
  it('folds the Audit Logs filters, breaks no header word and keeps the dashboard readable', async () => {
    const { page, pageErrors } = await suite.open(PHONE);
    await signInAsAdmin(page);
    await page.getByRole('region', { name: 'First-hour checklist' }).getByText('Contact details').waitFor();
    await page.screenshot({ path: `${SHOTS}/layout-dashboard-375.png`, fullPage: true });
    expect(await brokenHeaderWords(page)).toEqual([]);

    await page.goto('/admin/audit-logs');
    const toggle = page.getByRole('button', { name: 'Filters' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await visible(page, '[role="search"]')).toBe(false);
    // The trail itself is on the first screen, not pushed below it by the filters.
    const trail = (await page.getByRole('tablist', { name: 'What the trail shows' }).boundingBox())!;
    expect(trail.y).toBeLessThan(PHONE.height);
    await page.screenshot({ path: `${SHOTS}/layout-audit-375.png`, fullPage: true });
    await toggle.click();
    await page.getByRole('search', { name: 'Filter the audit trail' }).waitFor();
    expect(await page.getByRole('button', { name: 'Hide filters' }).getAttribute('aria-expanded')).toBe('true');

    await page.goto('/admin/patients');
    await page.getByText('LayoutL', { exact: false }).first().waitFor();
    expect(await brokenHeaderWords(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/layout-patients-375.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('the front desk’s patient list keeps "DATE REGISTERED" whole on a phone', async () => {
    const { page, pageErrors } = await suite.open(PHONE);
    await signInAsStaff(page, suite.server.baseUrl, receptionist);
    await page.getByText('LayoutL', { exact: false }).first().waitFor();
    const labels = await page.evaluate(() =>
      [...document.querySelectorAll('td > span[aria-hidden="true"]')]
        .filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => e.textContent),
    );
    expect(labels).toContain('Date Registered');
    expect(await brokenHeaderWords(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/layout-reception-375.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
