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

/**
 * The receptionist registers from her own signed-in page, with her session's token, as the
 * registration form does. (When the patient screens land, this step goes through their form.)
 */
async function registerFrom(page: Page, payload: object): Promise<{ id: string; name: string }> {
  return page.evaluate(async (body) => {
    const token = localStorage.getItem('hms.userToken');
    const res = await fetch('/api/patients', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
    const { patient } = (await res.json()).data;
    return { id: patient.id as string, name: patient.name as string };
  }, payload);
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

    const patient = await registerFrom(receptionist.page, newPatient({ firstName: 'Chiamaka' }));

    const waiting = doctor.page.getByRole('table', { name: 'Waiting patients' });
    await waiting.getByRole('row').filter({ hasText: patient.name }).waitFor();
    await doctor.page
      .getByRole('alert')
      .filter({ hasText: `${patient.name} was registered by Kemi Adeyemi` })
      .waitFor();
    expect(await doctor.page.getByRole('button', { name: 'Notifications, 1 new' }).textContent()).toContain('1');
    expect(await doctor.page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    // The receptionist's own recent patients follow too.
    await receptionist.page
      .getByRole('table', { name: 'Recent patients registered' })
      .getByRole('row')
      .filter({ hasText: patient.name })
      .waitFor();

    // A status change elsewhere takes the patient off the waiting list, still without a reload.
    const moved = await suite.server.testApp.app.inject({
      method: 'PATCH',
      url: `/api/patients/${patient.id}/status`,
      headers: asClient(hospital.token),
      payload: { status: 'consultation' },
    });
    expect(moved.statusCode).toBe(200);
    await doctor.page.getByText('No patients waiting').waitFor();
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
    expect(await dropdown.getByText('New Patient Registered').count()).toBe(1);
    expect(doctor.pageErrors).toEqual([]);
    expect(receptionist.pageErrors).toEqual([]);
  });
});
