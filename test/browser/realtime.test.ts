import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { hireStaff, staffLogin } from '../helpers/staff-api';
import { browserSuite } from './helpers/suite';

/**
 * Issue 8 in Chromium against the real server, two people in two browser contexts: what the
 * receptionist does appears on the doctor's screen without a reload, with a toast.
 */
const suite = browserSuite();
let hospital: Onboarded;
const PASSWORD = 'Jollof-Rice-Friday-77';
const people: Record<'doctor' | 'receptionist', { email: string }> = {} as never;

/** A staff member whose emailed password is already changed, so no forced dialog gets in the way. */
async function hireReady(role: 'doctor' | 'receptionist', firstName: string) {
  const t = suite.server.testApp;
  const hired = await hireStaff(t, hospital.token, { role, firstName, lastName: 'Adeyemi' });
  const token = (await staffLogin(t, hired.email, hired.password)).json().data.token as string;
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-password',
    headers: asClient(token),
    payload: { currentPassword: hired.password, newPassword: PASSWORD },
  });
  if (changed.statusCode !== 200) throw new Error(`password change failed: ${changed.body}`);
  return { email: hired.email };
}

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  people.doctor = await hireReady('doctor', 'Bisi');
  people.receptionist = await hireReady('receptionist', 'Kemi');
});

async function signIn(page: Page, email: string) {
  await page.goto('/user/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${suite.server.baseUrl}/user/dashboard`);
}

/** The receptionist registers a patient through the registration form of her dashboard; returns its id. */
async function registerThroughForm(page: Page, firstName: string, lastName: string): Promise<string> {
  await page.getByRole('link', { name: 'Register Patient' }).click();
  const form = page.getByRole('form', { name: 'Register patient' });
  await form.getByLabel('First Name').fill(firstName);
  await form.getByLabel('Last Name').fill(lastName);
  await form.getByLabel('Date of Birth').fill('1988-07-21');
  await form.getByRole('button', { name: /Gender/ }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await form.getByLabel('Phone Number').fill(`+234 805 ${String(randomInt(1_000_000, 9_999_999))}`);
  await form.getByLabel('Address').fill('7 Herbert Macaulay Way, Yaba, Lagos');
  await form.getByRole('button', { name: 'Generate ID' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Patient registered successfully!').waitFor();
  const found = await suite.server.testApp.app.inject({
    method: 'GET',
    url: `/api/patients?search=${encodeURIComponent(lastName)}`,
    headers: asClient(hospital.token),
  });
  return (found.json().data.patients as { id: string }[])[0]!.id;
}

describe('Live updates in Chromium', () => {
  it("shows the receptionist's new patient on the doctor's waiting list without a reload, with a toast", async () => {
    const doctor = await suite.open();
    const receptionist = await suite.open();
    await signIn(doctor.page, people.doctor.email);
    await signIn(receptionist.page, people.receptionist.email);
    await doctor.page.getByText('No patients waiting').waitFor();
    // The doctor's page is never reloaded: this marker would be gone.
    await doctor.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    await doctor.page.getByText('Connected', { exact: true }).waitFor();
    await receptionist.page.getByRole('heading', { name: 'Receptionist Dashboard' }).waitFor();
    await receptionist.page.getByText('No patients registered yet').waitFor();

    const patient = { name: `Chiamaka Obi${randomInt(1000, 9999)}`, id: '' };
    patient.id = await registerThroughForm(receptionist.page, 'Chiamaka', patient.name.split(' ')[1]!);

    const waiting = doctor.page.getByRole('table', { name: 'Waiting patients' });
    await waiting.getByRole('row').filter({ hasText: patient.name }).waitFor();
    await doctor.page
      .getByRole('alert')
      .filter({ hasText: `${patient.name} was registered by Kemi Adeyemi` })
      .waitFor();
    expect(await doctor.page.getByRole('button', { name: 'Notifications, 1 new' }).textContent()).toContain('1');
    expect(await doctor.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // The receptionist's patient list follows someone else's registration too, without a reload.
    await receptionist.page.waitForURL(`${suite.server.baseUrl}/user/patients`);
    const list = receptionist.page.getByRole('table', { name: 'Patients', exact: true });
    await list.getByRole('row').filter({ hasText: patient.name }).waitFor();
    await receptionist.page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
    const other = await suite.server.testApp.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(hospital.token),
      payload: newPatient({ firstName: 'Emeka', lastName: 'Nwosu' }),
    });
    expect(other.statusCode).toBe(201);
    await list.getByRole('row').filter({ hasText: 'Emeka Nwosu' }).waitFor();
    expect(await receptionist.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // A status change elsewhere takes the patient off the waiting list, still without a reload.
    const moved = await suite.server.testApp.app.inject({
      method: 'PATCH',
      url: `/api/patients/${patient.id}/status`,
      headers: asClient(hospital.token),
      payload: { status: 'consultation' },
    });
    expect(moved.statusCode).toBe(200);
    await waiting.getByRole('row').filter({ hasText: patient.name }).waitFor({ state: 'detached' });
    await doctor.page
      .getByRole('alert')
      .filter({ hasText: `${patient.name} is now In Consultation` })
      .waitFor();

    // The bell keeps both, and they survive a reload (history from the server).
    await doctor.page.reload();
    await doctor.page.getByRole('button', { name: /^Notifications/ }).click();
    const dropdown = doctor.page.getByRole('dialog', { name: 'Notifications' });
    await dropdown.getByText('Connected').waitFor();
    await dropdown.getByText('Patient Status Changed').waitFor();
    // Each once: Emeka's and ours, though ours arrived live before the reload and again in the history.
    expect(await dropdown.getByText('New Patient Registered').count()).toBe(2);
    expect(await dropdown.getByText(`${patient.name} was registered by Kemi Adeyemi`).count()).toBe(1);
    expect(doctor.pageErrors).toEqual([]);
    expect(receptionist.pageErrors).toEqual([]);
  });
});
