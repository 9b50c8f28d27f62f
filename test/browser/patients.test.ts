import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { browserSuite } from './helpers/suite';
import { closeToast, hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';

/**
 * Issue 7 in Chromium against the real server: a receptionist registers a patient, finds them by
 * phone written another way, and edits them; a doctor sees them among the waiting patients and
 * opens the overview.
 */
const suite = browserSuite();
const open = suite.open;
let hospital: Onboarded;
const staff: Record<'receptionist' | 'doctor', BrowserStaff> = {} as never;
const PASSWORD = 'Egusi-Soup-Friday-42';

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  staff.receptionist = await hireForBrowser(suite, hospital.token, 'receptionist', PASSWORD);
  staff.doctor = await hireForBrowser(suite, hospital.token, 'doctor', PASSWORD);
  // Another patient, so finding ours by phone really filters the list.
  const other = await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: asClient(hospital.token),
    payload: newPatient(),
  });
  if (other.statusCode !== 201) throw new Error(`registration failed: ${other.statusCode} ${other.body}`);
});

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('Patients in Chromium', () => {
  const digits = String(randomInt(1_000_000, 9_999_999));
  const lastName = `Okafor${randomInt(1000, 9999)}`;
  const name = `Chiamaka ${lastName}`;
  let patientUrl = '';

  it('a receptionist registers a patient, finds them by phone and edits them', async () => {
    const { page, pageErrors } = await open();
    await signInAsStaff(page, suite.server.baseUrl, staff.receptionist);
    await page.getByRole('heading', { name: 'Receptionist Dashboard' }).waitFor();
    await page.getByRole('link', { name: 'Register Patient' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/user/patients/register`);

    const form = page.getByRole('form', { name: 'Register patient' });
    // Saving an empty form shows the first rule's message as a toast and beside its field.
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'First name is required' }).first().waitFor();

    await form.getByLabel('First Name').fill('Chiamaka');
    await form.getByLabel('Last Name').fill(lastName);
    await form.getByLabel('Date of Birth').fill('1991-03-14');
    await form.getByRole('button', { name: /Gender/ }).click();
    await page.getByRole('option', { name: 'Female' }).click();
    await form.getByLabel('Phone Number').fill(`+234 803 ${digits}`);
    await form.getByLabel('Address').fill('14 Awolowo Road, Ikoyi, Lagos');
    await form.getByRole('button', { name: 'Generate ID' }).click();
    expect(await form.getByLabel('Identification Number').inputValue()).toMatch(/^PAT\d{9}$/);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Patient registered successfully!').waitFor();
    // product-spec-2 §8: a registration goes back to the patient list.
    await page.waitForURL(`${suite.server.baseUrl}/user/patients`);
    // The toast sits over the bottom right, where the edit form keeps Save Changes: closed, as a person would.
    await closeToast(page, 'Patient registered successfully!');

    // The list finds the patient by the phone written another way.
    await page.getByRole('heading', { name: 'Patients (2)' }).waitFor();
    await page.getByLabel('Search patients').fill(`0803-${digits}`);
    const row = page.getByRole('table', { name: 'Patients', exact: true }).getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('Waiting');
    await page.getByText('Showing 1 to 1 of 1 patients').waitFor();

    await row.getByRole('link', { name: `Edit ${name}` }).click();
    await page.waitForURL(/\/user\/patients\/[^/]+\/edit$/);
    patientUrl = new URL(page.url()).pathname.replace(/\/edit$/, '');
    const edit = page.getByRole('form', { name: 'Edit patient' });
    await edit.getByLabel('Address').waitFor();
    expect(await edit.getByLabel('First Name').inputValue()).toBe('Chiamaka');
    await edit.getByLabel('Address').fill('2 Marina, Lagos Island');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Patient updated successfully!').waitFor();
    await page.waitForURL(`${suite.server.baseUrl}${patientUrl}`);
    await page.getByRole('heading', { name }).waitFor();
    await page.getByText('2 Marina, Lagos Island').waitFor();
    expect(await page.getByText('Not provided').count()).toBe(2);
    expect(pageErrors).toEqual([]);
  });

  it('a doctor sees the patient waiting and opens the overview on a 375px phone', async () => {
    expect(patientUrl).not.toBe('');
    const { page, pageErrors } = await open({ width: 375, height: 740 });
    await signInAsStaff(page, suite.server.baseUrl, staff.doctor);
    await page.getByRole('heading', { name: 'Doctor Dashboard' }).waitFor();
    const waiting = page.getByRole('table', { name: 'Waiting patients' });
    const row = waiting.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await row.getByText(name).click();
    const id = patientUrl.split('/').pop()!;
    await page.waitForURL(`${suite.server.baseUrl}/doctor/patients/${id}`);
    await page.getByRole('heading', { name }).waitFor();
    await page.getByRole('heading', { name: 'Last Vitals' }).waitFor();
    await page.getByText('No vitals recorded yet.').waitFor();
    await page.getByText('2 Marina, Lagos Island').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);

    // Vitals as a nurse takes them (kg, °C) read in the spec's units with the reading beside them.
    const taken = await suite.server.testApp.app.inject({
      method: 'POST',
      url: `/api/patients/${id}/vitals`,
      headers: asClient(staff.doctor.token),
      payload: { bloodPressure: '118/76', pulseRate: 74, temperature: 36.8, temperatureUnit: 'C', weight: 64 },
    });
    expect(taken.statusCode).toBe(201);
    await page.reload();
    const vitals = page.getByRole('region', { name: 'Last Vitals' });
    await vitals.getByText('118/76 mmHg').waitFor();
    expect(await vitals.textContent()).toContain('141.1 LB (64 kg)');
    expect(await vitals.textContent()).toContain('98.2 °F (36.8 °C)');

    // The doctor moves the patient into consultation; the waiting tab no longer lists them.
    await page.getByRole('button', { name: /Change status/ }).click();
    await page.getByRole('option', { name: 'In Consultation' }).click();
    await page.getByRole('button', { name: 'Update Status' }).click();
    await page.getByText('Patient status updated successfully!').waitFor();
    await page.goto('/doctor/patients');
    await page.getByRole('tab', { name: /Waiting Patients/ }).waitFor();
    await page.getByText(/Showing \d+ of \d+ waiting patients/).waitFor();
    expect(await page.getByRole('table', { name: 'Waiting patients' }).getByText(name).count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});
