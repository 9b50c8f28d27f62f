import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { asClient, newPatient } from '../helpers/patients-api';
import { onboardHospital, signInAdminOnce, type Onboarded } from '../helpers/onboard';
import { hireStaff, staffLogin } from '../helpers/staff-api';
import { expectAccessible } from './helpers/axe';
import { browserSuite } from './helpers/suite';

/**
 * Issue 10 in Chromium against the real server: the admin finds who changed and who viewed a
 * patient's record on Audit Logs, verifies the trail, opens the patient's history and sees the
 * record as it stood before the edit; a compliance officer gets only the audit screens.
 */
const suite = browserSuite();
const open = suite.open;
let hospital: Onboarded;
let patient: { id: string; firstName: string; lastName: string; address: string };
const complianceEmail = `compliance-${Date.now().toString(36)}@stluke.test`;
const compliancePassword = 'Harmattan-Ledger-2031';

beforeAll(async () => {
  const t = suite.server.testApp;
  hospital = await onboardHospital(t);
  await signInAdminOnce(t, hospital);
  const headers = asClient(hospital.token);
  const registered = await t.app.inject({ method: 'POST', url: '/api/patients', headers, payload: newPatient() });
  patient = registered.json().data.patient;
  const edited = await t.app.inject({
    method: 'PUT',
    url: `/api/patients/${patient.id}`,
    headers,
    payload: { version: 1, address: '7 Marina, Lagos Island' },
  });
  if (edited.statusCode !== 200) throw new Error(`edit failed: ${edited.statusCode} ${edited.body}`);
  await t.app.inject({ method: 'GET', url: `/api/patients/${patient.id}`, headers });

  // A compliance officer, hired like any staff member, whose temporary password is already changed.
  const hired = await hireStaff(t, hospital.token, {
    role: 'compliance_officer',
    email: complianceEmail,
    firstName: 'Kemi',
    lastName: 'Lawal',
  });
  const login = await staffLogin(t, hired.email, hired.password);
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: asClient(login.json().data.token),
    payload: { currentPassword: hired.password, newPassword: compliancePassword, confirmPassword: compliancePassword },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.statusCode} ${changed.body}`);
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

describe('Audit Logs in Chromium', () => {
  it('answers who changed and who viewed a record, verifies the trail, and replays the record as of a change', async () => {
    const { page, pageErrors } = await open();
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit Logs' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit Logs' }).waitFor();
    const table = page.getByRole('table', { name: 'Audit trail' });
    const name = `${patient.firstName} ${patient.lastName}`;
    await table.getByText(`Registered patient ${name}`).waitFor();
    expect(await table.getByText(`Edited ${name}: address`).isVisible()).toBe(true);
    // Audit Logs opens on the changes: the reads are one tab away (issue 34).
    expect(await table.getByText(`Viewed the detail of ${name}`).count()).toBe(0);

    // Filters narrow the trail on the server.
    await page.getByRole('searchbox', { name: 'Search' }).fill('edited');
    await table.getByText(`Registered patient ${name}`).waitFor({ state: 'detached' });
    expect(await table.getByText(`Edited ${name}: address`).isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await table.getByText(`Registered patient ${name}`).waitFor();

    await expectAccessible(page, 'Audit Logs');
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    await page.getByText(/^All [\d,]+ entries since \d{1,2} [A-Z][a-z]{2} are intact; /).waitFor();
    // The reads of the access log are checked against their seals and counted in words (issue 34 §5).
    await page.getByText(/^[\d,]+ record reads? (sealed and intact|logged, [\d,]+ waiting for)/).waitFor();
    await page.screenshot({ path: '/tmp/screens-audit-verified.png', fullPage: true });

    await page.getByRole('button', { name: `View details of: Edited ${name}: address` }).click();
    const panel = page.getByRole('dialog', { name: 'Audit entry' });
    await panel.getByText('"7 Marina, Lagos Island"', { exact: false }).waitFor();
    await expectAccessible(page, 'the audit entry panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    const row = table.getByRole('row').filter({ hasText: `Registered patient ${name}` });
    await row.getByRole('link').click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/audit/patients/${patient.id}`);
    const edit = page.getByRole('listitem').filter({ hasText: `Edited ${name}: address` });
    await edit.waitFor();
    expect(await edit.locator('del').textContent()).toBe(patient.address);
    expect(await edit.locator('ins').textContent()).toBe('7 Marina, Lagos Island');
    await page.getByText('7 Marina, Lagos Island', { exact: true }).first().waitFor();

    const registration = page.getByRole('listitem').filter({ hasText: `Registered patient ${name}` });
    await registration.getByRole('button', { name: 'View the record as of this change' }).click();
    await page.getByText(/Viewing the record as of/).waitFor();
    await page.getByRole('definition').filter({ hasText: patient.address }).waitFor();
    await expectAccessible(page, 'the patient history as of a change');
    expect(pageErrors).toEqual([]);
  });

  it('fits a 375px phone without sideways scrolling', async () => {
    const { page, pageErrors } = await open({ width: 375, height: 740 });
    await signInAsAdmin(page);
    await page.goto('/admin/audit');
    await page
      .getByRole('table', { name: 'Audit trail' })
      .getByText('Registered patient', { exact: false })
      .first()
      .waitFor();
    // The filters are folded behind a button at phone width, and open on it.
    expect(await page.getByRole('searchbox', { name: 'Search' }).isVisible()).toBe(false);
    await page.screenshot({ path: '/tmp/screens-audit-375.png', fullPage: true });
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).waitFor();
    await page.screenshot({ path: '/tmp/screens-audit-375-filters.png' });
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(pageErrors).toEqual([]);
  });

  it('gives the compliance officer a dashboard of recent access and the audit screens, and nothing else', async () => {
    const { page, pageErrors } = await open();
    await page.goto('/user/login');
    await page.getByLabel('Email').fill(complianceEmail);
    await page.getByLabel('Password', { exact: true }).fill(compliancePassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/user/dashboard`);
    await page.getByRole('heading', { name: /Compliance Dashboard/ }).waitFor();
    expect(await menuLabels(page)).toEqual(['Dashboard', 'Audit Logs', 'Logout']);
    const recent = page.getByRole('table', { name: 'Recent access to patient records' });
    await recent.getByText(`Viewed the detail of ${patient.firstName} ${patient.lastName}`).first().waitFor();
    await expectAccessible(page, 'the compliance dashboard');

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit Logs' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/admin/audit`);
    const changes = page.getByRole('table', { name: 'Audit trail' });
    await changes.getByText('Registered patient', { exact: false }).first().waitFor();
    // Changes by default: no reads among them.
    expect(await changes.getByText(/^Viewed /).count()).toBe(0);
    await page.screenshot({ path: '/tmp/screens-audit-changes.png', fullPage: true });

    // The reads, one switch away and grouped: one row per person and screen per 10 minutes.
    await page.getByRole('tab', { name: 'Reads (grouped)' }).click();
    const reads = page.getByRole('table', { name: 'Reads, grouped' });
    const adminReads = reads.getByRole('row').filter({ hasText: /Viewed patient detail (once|\d+ times), 1 patient/ });
    await adminReads.first().waitFor();
    expect(await adminReads.first().textContent()).toContain(hospital.admin.name);
    await page.screenshot({ path: '/tmp/screens-audit-reads.png', fullPage: true });

    // Verify integrity answers in words; the hash is under Details.
    await page.getByRole('button', { name: 'Verify integrity' }).click();
    const verified = page.getByText(/^All [\d,]+ entries since \d{1,2} [A-Z][a-z]{2} are intact; /);
    await verified.waitFor();
    const details = page.locator('details').filter({ has: page.getByText('Details', { exact: true }) });
    expect(
      await details
        .getByText(/^[0-9a-f]{64}$/)
        .first()
        .isVisible(),
    ).toBe(false);
    await details.getByText('Details', { exact: true }).click();
    await details
      .getByText(/^[0-9a-f]{64}$/)
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/screens-audit-verify.png', fullPage: true });
    await expectAccessible(page, 'the grouped reads and the verification');

    // The rest of the admin area stays closed.
    await page.goto('/admin/users');
    await page.waitForURL((url) => !url.pathname.startsWith('/admin/users'));
    expect(pageErrors).toEqual([]);
  });
});
