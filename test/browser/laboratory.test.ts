import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { expectAccessible } from './helpers/axe';
import { browserSuite } from './helpers/suite';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';

/**
 * Issue 9's lab and nurse screens in Chromium against the real server: a doctor's STAT order
 * heads the lab technician's queue marked urgent; the technician starts it and enters results, it
 * moves to Completed and the dashboard's counts follow; a nurse records vitals on a 375px phone.
 */
const suite = browserSuite();
const open = suite.open;
type Role = 'doctor' | 'lab_technician' | 'nurse';
const staff = {} as Record<Role, BrowserStaff>;
const PASSWORD = 'Jollof-Rice-Sunday-42';
let hospital: Onboarded;
const tag = randomInt(1000, 9999);
const patients = {
  routine: `Tunde Bakare${tag}`,
  stat: `Ngozi Eze${tag}`,
  live: `Femi Ola${tag}`,
  nurse: `Amaka Obi${tag}`,
};
const ids = {} as Record<keyof typeof patients, string>;

const inject = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  suite.server.testApp.app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });

async function register(key: keyof typeof patients) {
  const [firstName, lastName] = patients[key].split(' ');
  const res = await inject(hospital.token, 'POST', '/api/patients', newPatient({ firstName, lastName }));
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  ids[key] = res.json().data.patient.id;
}

async function order(key: keyof typeof patients, testName: string, urgency: string) {
  const res = await inject(staff.doctor.token, 'POST', '/api/consultations/create', {
    patientId: ids[key],
    chiefComplaint: 'Chest pain',
    primaryDiagnosis: 'Suspected arrhythmia',
    labOrders: [{ testName, urgency }],
  });
  if (res.statusCode !== 201) throw new Error(`consultation failed: ${res.statusCode} ${res.body}`);
}

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  for (const role of ['doctor', 'lab_technician', 'nurse'] as const)
    staff[role] = await hireForBrowser(suite, hospital.token, role, PASSWORD);
  for (const key of Object.keys(patients) as (keyof typeof patients)[]) await register(key);
  // The routine order comes first: the STAT one must still head the queue.
  await order('routine', 'Urine Analysis', 'Routine');
  await order('stat', 'ECG', 'STAT');
});

const metric = (page: Page, label: string) => page.getByRole('group', { name: label }).getByTestId('metric-value');
async function expectMetrics(page: Page, pending: string, completed: string, inProgress: string) {
  await expect.poll(() => metric(page, 'Pending Test Requests').textContent()).toBe(pending);
  expect(await metric(page, 'Tests Completed Today').textContent()).toBe(completed);
  expect(await metric(page, 'Tests in Progress').textContent()).toBe(inProgress);
}
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('Laboratory and vitals in Chromium', () => {
  it('a lab technician runs the STAT order first, enters results, and the dashboard follows', async () => {
    const { page, pageErrors } = await open();
    await signInAsStaff(page, suite.server.baseUrl, staff.lab_technician);
    await page.getByRole('heading', { name: 'Lab Dashboard' }).waitFor();
    await expectMetrics(page, '2', '0', '0');
    const recent = page.getByRole('table', { name: 'Recent test activity' });
    await recent.getByText(patients.stat).waitFor();

    await page.getByRole('link', { name: 'Test Request' }).first().click();
    await page.waitForURL(`${suite.server.baseUrl}/user/test-request`);
    const pending = page.getByRole('table', { name: 'Pending test requests' });
    await pending.getByText(patients.stat).waitFor();
    await expectAccessible(page, 'the lab queue');
    const first = pending.getByRole('row').nth(1);
    expect(await first.textContent()).toContain(patients.stat);
    expect(await first.textContent()).toContain('URGENT · STAT');
    expect(await pending.getByRole('row').nth(2).textContent()).toContain('Routine');

    // A new order appears without a reload, with its toast.
    await order('live', 'Full Blood Count', 'Urgent');
    await pending.getByText(patients.live).waitFor();
    await page.getByText(`New lab order for ${patients.live}: Full Blood Count`).waitFor();

    // Start goes straight to entering the results; the test waits in In Progress behind the form.
    await page.getByRole('button', { name: `Start ECG for ${patients.stat}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Results: ECG' });
    await dialog.waitFor();
    expect(await page.getByRole('tab', { name: /In Progress/ }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByLabel('Conducted By').inputValue()).toBe(staff.lab_technician.name);
    await dialog.getByLabel('Parameter 1').fill('Rhythm');
    await dialog.getByLabel('Value 1').fill('Sinus tachycardia, 112 bpm');
    await dialog.getByLabel('Notes').fill('Repeat in 24 hours');
    await dialog.getByRole('button', { name: 'Save Results' }).click();
    await page.getByText('Test results recorded successfully!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: /Completed/ }).click();
    const completed = page.getByRole('table', { name: 'Completed test requests' });
    await completed.getByText(patients.stat).waitFor();
    expect(await completed.getByRole('row').nth(1).textContent()).toContain(staff.lab_technician.name);

    // The server kept what was entered.
    const done = await inject(staff.lab_technician.token, 'GET', '/api/lab/requests?status=completed');
    expect(done.json().data.requests[0]).toMatchObject({
      patientName: patients.stat,
      results: { Rhythm: 'Sinus tachycardia, 112 bpm' },
      notes: 'Repeat in 24 hours',
      conductedBy: staff.lab_technician.name,
    });

    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'Lab Dashboard' }).waitFor();
    await expectMetrics(page, '2', '1', '0');
    expect(await recent.getByRole('row').nth(1).textContent()).toContain('Completed');

    // The printable result on /user/report.
    await page.goto('/user/report');
    await page.getByRole('button', { name: `View result of ECG for ${patients.stat}` }).click();
    const sheet = page.getByRole('article', { name: `Lab result of ECG for ${patients.stat}` });
    await sheet.getByText('Sinus tachycardia, 112 bpm').waitFor();
    await expectAccessible(page, 'the result sheet');
    expect(pageErrors).toEqual([]);
  });

  it('the lab screens fit a 375px phone', async () => {
    const { page, pageErrors } = await open({ width: 375, height: 740 });
    await signInAsStaff(page, suite.server.baseUrl, staff.lab_technician);
    await page.getByRole('group', { name: 'Tests Completed Today' }).getByText('1').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.goto('/user/test-request');
    await page.getByRole('table', { name: 'Pending test requests' }).getByText(patients.live).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.getByRole('button', { name: `Start Full Blood Count for ${patients.live}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter Results: Full Blood Count' });
    // The FBC's template: its analytes with units and usual ranges; nothing entered is refused.
    expect(await dialog.getByLabel('Parameter 3').inputValue()).toBe('White cell count');
    expect(await dialog.getByLabel('Unit 3').inputValue()).toBe('10*3/uL');
    expect(await dialog.getByLabel('Range high 1', { exact: true }).inputValue()).toBe('17');
    await dialog.getByRole('button', { name: 'Save Results' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Results are required' }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    // Out-of-range values are flagged as they are typed.
    await dialog.getByLabel('Value 1', { exact: true }).fill('9.1');
    await dialog.getByTitle('Low: below 12').waitFor();
    await dialog.getByLabel('Value 3').fill('14.2');
    await dialog.getByTitle('High: above 11').waitFor();
    await dialog.getByLabel('Value 4').fill('250');
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: '/tmp/screens-story-lab-fbc-375.png' });
    // Another analyte by keyboard alone, from the suggestions.
    await dialog.getByRole('button', { name: 'Add result value' }).click();
    const parameter = dialog.getByRole('combobox', { name: 'Parameter 11' });
    await parameter.pressSequentially('malaria');
    await page.getByRole('option', { name: /Malaria parasites/ }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await parameter.press('ArrowDown');
    await parameter.press('Enter');
    await dialog.getByLabel('Value 11').fill('Not seen');
    await dialog.getByRole('button', { name: 'Save Results' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const done = await inject(staff.lab_technician.token, 'GET', '/api/lab/requests?status=completed');
    const fbc = done.json().data.requests.find((r: { patientName: string }) => r.patientName === patients.live);
    expect(fbc.results).toEqual([
      expect.objectContaining({
        analyte: 'HB',
        value: 9.1,
        unit: 'g/dL',
        referenceRange: { low: 12, high: 17 },
        interpretation: 'L',
      }),
      expect.objectContaining({ analyte: 'WBC', value: 14.2, interpretation: 'H' }),
      expect.objectContaining({ analyte: 'PLT', value: 250, interpretation: 'N' }),
      expect.objectContaining({ analyte: 'MP', value: 'Not seen', interpretation: null }),
    ]);
    await page.goto('/user/report');
    await page.getByRole('table', { name: 'Completed lab results' }).getByText(patients.stat).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('a nurse records vitals for a waiting patient on a 375px phone', async () => {
    const { page, pageErrors } = await open({ width: 375, height: 740 });
    await signInAsStaff(page, suite.server.baseUrl, staff.nurse);
    await page.goto('/user/vitals');
    await page.getByLabel('Search waiting patients').fill(patients.nurse);
    const table = page.getByRole('table', { name: 'Waiting patients' });
    await table.getByText(patients.nurse).waitFor();
    expect(await table.getByText(patients.stat).count()).toBe(0); // in the lab's hands, not waiting
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.getByRole('button', { name: `Record vitals for ${patients.nurse}` }).click();
    const form = page.getByRole('form', { name: `Record vitals for ${patients.nurse}` });
    await form.getByLabel('Pulse Rate (BPM)').fill('720');
    await form.getByRole('button', { name: 'Save Vitals' }).click();
    await form.getByText('Pulse rate must be between 20 and 250 beats per minute').waitFor();

    await form.getByLabel('Blood Pressure (mmHg)').fill('118/76');
    await form.getByLabel('Pulse Rate (BPM)').fill('74');
    await form.getByLabel('Temperature', { exact: true }).fill('36.8');
    await form.getByLabel('Weight (kg)').fill('64');
    expect(await noSidewaysScroll(page)).toBe(true);
    await form.getByRole('button', { name: 'Save Vitals' }).click();
    await page.getByText('Vitals recorded successfully!').waitFor();

    const saved = await inject(staff.nurse.token, 'GET', `/api/patients/${ids.nurse}`);
    expect(saved.json().data.vitals).toMatchObject({
      bloodPressure: '118/76',
      pulseRate: 74,
      temperature: 36.8,
      temperatureUnit: 'C',
      weight: 64,
    });
    await table.getByRole('row').filter({ hasText: patients.nurse }).filter({ hasNotText: 'None yet' }).waitFor();
    await expectAccessible(page, 'the vitals screen');
    expect(pageErrors).toEqual([]);
  });
});
