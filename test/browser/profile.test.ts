import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient } from '../helpers/patients-api';
import { staffLogin } from '../helpers/staff-api';
import { expectAccessible } from './helpers/axe';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';
import { browserSuite } from './helpers/suite';

/**
 * Issue 24 in Chromium against the real server: a nurse opens her own profile from the header on a
 * phone, sees her account and hospital, changes her password with the keyboard; and a hospital
 * name changed in Settings is what the sidebar shows at her next sign-in.
 */
const suite = browserSuite();
const PASSWORD = 'Mangrove-Tide-2031';
const NEW_PASSWORD = 'Harbour-Lamp-4417';
let hospital: Onboarded;
let nurse: BrowserStaff;

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  nurse = await hireForBrowser(suite, hospital.token, 'nurse', PASSWORD);
});

describe('/user/profile in Chromium', () => {
  it('a nurse on a phone opens her profile from the header and changes her password with the keyboard', async () => {
    const { page, pageErrors } = await suite.open({ width: 375, height: 740 });
    await signInAsStaff(page, suite.server.baseUrl, nurse);
    await page
      .getByRole('banner')
      .getByRole('link', { name: /^My profile/ })
      .click();
    await page.waitForURL(`${suite.server.baseUrl}/user/profile`);
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    const facts = page.getByRole('definition');
    await facts.getByText(nurse.email, { exact: true }).waitFor();
    await facts.getByText(nurse.name, { exact: true }).waitFor();
    await facts.getByText('Nurse', { exact: true }).waitFor();
    await facts.getByText(hospital.hospitalData.name, { exact: true }).waitFor();
    // Signed in before (the set-up's sign-ins): the previous one is a date, not a dash.
    const previous = page.locator('dt', { hasText: 'Previous sign-in' }).locator('xpath=following-sibling::dd');
    expect(await previous.textContent()).not.toBe('—');
    expect(await page.getByText(/coming soon/i).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page, '/user/profile');

    await page.getByRole('button', { name: 'Change Password' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change Password' });
    for (const [label, value] of [
      ['Current Password', PASSWORD],
      ['New Password', NEW_PASSWORD],
      ['Confirm New Password', NEW_PASSWORD],
    ] as const) {
      const field = dialog.getByLabel(label, { exact: true });
      for (let i = 0; i < 6 && !(await field.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Enter');
    await page.getByText('Password changed successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);

    const t = suite.server.testApp;
    expect((await staffLogin(t, nurse.email, PASSWORD)).statusCode).toBe(401);
    expect((await staffLogin(t, nurse.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("shows the hospital's new name from Settings in the sidebar at the next sign-in", async () => {
    const renamed = `Marina Specialist Hospital ${Date.now().toString(36)}`;
    const saved = await suite.server.testApp.app.inject({
      method: 'PUT',
      url: '/api/hospital/settings',
      headers: asClient(hospital.token),
      payload: { name: renamed },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { page } = await suite.open();
    await signInAsStaff(page, suite.server.baseUrl, { email: nurse.email, password: NEW_PASSWORD });
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.getByText(renamed).first().waitFor();
    expect(await page.getByText(hospital.hospitalData.name, { exact: true }).count()).toBe(0);
  });
});
