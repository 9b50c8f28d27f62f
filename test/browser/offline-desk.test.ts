import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient, type PatientJson, type PatientsPage } from '../helpers/patients-api';
import { apiGet, controlledByWorker, OFFLINE_BANNER, SAVED_ON_DEVICE } from './helpers/offline';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';
import { browserSuite } from './helpers/suite';

/**
 * Issue 25 in Chromium with the network cut: the front desk keeps registering and taking vitals
 * offline; the work survives a reload and a sign-out (which warns first) until the same person signs in
 * again, reaches the server exactly once when the connection returns
 * (a registration whose answer was lost on the way is sent again and counts once), and shows live on
 * the doctor's screen.
 */
const suite = browserSuite();
const PASSWORD = 'Harmattan-Dust-Storm-42';
let hospital: Onboarded;
let receptionist: BrowserStaff;
let nurse: BrowserStaff;
let doctor: BrowserStaff;
let waitingPatient: PatientJson;

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  receptionist = await hireForBrowser(suite, hospital.token, 'receptionist', PASSWORD);
  nurse = await hireForBrowser(suite, hospital.token, 'nurse', PASSWORD);
  doctor = await hireForBrowser(suite, hospital.token, 'doctor', PASSWORD);
  const made = await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: asClient(hospital.token),
    payload: newPatient({ firstName: 'Funmi', lastName: `Alade${randomInt(1000, 9999)}` }),
  });
  waitingPatient = made.json().data.patient as PatientJson;
});

async function registerOffline(page: Page, firstName: string, lastName: string) {
  await page.getByRole('link', { name: 'Register Patient' }).first().click();
  const form = page.getByRole('form', { name: 'Register patient' });
  await form.getByLabel('First Name').fill(firstName);
  await form.getByLabel('Last Name').fill(lastName);
  await form.getByLabel('Date of Birth').fill('1990-05-17');
  await form.getByRole('button', { name: /Gender/ }).click();
  await page.getByRole('option', { name: 'Male', exact: true }).click();
  await form.getByLabel('Phone Number').fill(`+234 809 ${String(randomInt(1_000_000, 9_999_999))}`);
  await form.getByLabel('Address').fill('3 Ahmadu Bello Way, Kaduna');
  await form.getByRole('button', { name: 'Generate ID' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText(SAVED_ON_DEVICE).last().waitFor();
  await page.waitForURL(`${suite.server.baseUrl}/user/patients`);
}

const banner = (page: Page) => page.getByRole('alert').filter({ hasText: OFFLINE_BANNER });

describe('The front desk offline', () => {
  it('registers three patients and records vitals offline; all reach the server once and show live to the doctor', async () => {
    const desk = await suite.open(undefined, { serviceWorkers: 'allow' });
    const ward = await suite.open(undefined, { serviceWorkers: 'allow' });
    const doctorScreen = await suite.open();
    await signInAsStaff(doctorScreen.page, suite.server.baseUrl, doctor);
    const waiting = doctorScreen.page.getByRole('table', { name: 'Waiting patients' });
    await waiting.getByRole('row').filter({ hasText: waitingPatient.name }).waitFor();

    // Each desk opens its list once online (kept for offline reading), under the service worker.
    await signInAsStaff(desk.page, suite.server.baseUrl, receptionist);
    await controlledByWorker(desk.page);
    await desk.page.getByRole('link', { name: 'Patients' }).first().click();
    await desk.page.getByRole('table', { name: 'Patients', exact: true }).getByText(waitingPatient.name).waitFor();
    await signInAsStaff(ward.page, suite.server.baseUrl, nurse);
    await controlledByWorker(ward.page);
    await ward.page.getByRole('link', { name: 'Vitals' }).click();
    // The vitals page's own list (its record buttons), not the dashboard's table of the same name that is
    // still on screen while the page loads: that list is kept on the device before it is shown.
    await ward.page.getByRole('button', { name: `Record vitals for ${waitingPatient.name}` }).waitFor();

    // No connection: the emulated one, and every call to the server refused as well, since Chromium's
    // emulation can let a request of a page just reloaded through (CI once saw the first queued
    // registration arrive while the desk was "offline").
    for (const device of [desk, ward]) {
      await device.context.setOffline(true);
      await device.context.route('**/api/**', (route) => route.abort('internetdisconnected'));
    }
    await banner(desk.page).waitFor();
    const suffix = randomInt(1000, 9999);
    const names = ['Tobi', 'Ngozi', 'Sani'].map((first) => ({ first, last: `Offline${suffix}${first.length}` }));
    for (const { first, last } of names) await registerOffline(desk.page, first, last);
    await expect.poll(() => banner(desk.page).textContent()).toContain('3 pending changes');
    // The list last seen stays readable, with its age.
    await desk.page.getByText(/Last list seen on this device, as of \d\d:\d\d, (just now|\d+ min ago)/).waitFor();
    await desk.page.getByRole('table', { name: 'Patients', exact: true }).getByText(waitingPatient.name).waitFor();
    // Each registration kept on the device is in the list at once, marked as waiting to send (issue 34 §6).
    const list = desk.page.getByRole('table', { name: 'Patients', exact: true });
    for (const { first, last } of names) {
      await list
        .getByRole('row')
        .filter({ hasText: `${first} ${last}` })
        .getByText('Waiting to send')
        .waitFor();
    }

    // A booking made offline can pick a patient registered offline and not yet sent.
    await desk.page.getByRole('link', { name: 'Appointments' }).first().click();
    await desk.page.getByRole('button', { name: 'Book Appointment' }).click();
    const booking = desk.page.getByRole('dialog', { name: 'Book Appointment' });
    await booking.getByLabel('Find patient').fill(names[0]!.last);
    await expect
      .poll(() => booking.getByRole('button', { name: /Patient/ }).isDisabled(), { timeout: 15_000 })
      .toBe(false);
    await booking.getByRole('button', { name: /Patient/ }).click();
    await desk.page.getByRole('option', { name: `${names[0]!.first} ${names[0]!.last}` }).waitFor();
    await desk.page.keyboard.press('Escape');
    await booking.getByRole('button', { name: 'Close' }).click();
    await booking.waitFor({ state: 'detached' });

    // A reload with no connection keeps the session and the pending work.
    await desk.page.reload();
    await expect.poll(() => banner(desk.page).textContent()).toContain('3 pending changes');

    // Signing out with work pending warns first; the work stays on the device, sealed.
    await desk.page.getByRole('button', { name: 'Logout' }).click();
    const warning = desk.page.getByRole('alertdialog', { name: 'Sign out with changes not sent?' });
    await warning.getByText('3 changes made on this device have not reached the server yet').waitFor();
    await warning.getByRole('button', { name: 'Sign out anyway' }).click();
    await desk.page.waitForURL(`${suite.server.baseUrl}/user/login`);

    // The nurse takes vitals from the waiting list she last saw, opened again offline.
    await ward.page.getByRole('link', { name: 'Dashboard' }).click();
    await ward.page.getByRole('link', { name: 'Vitals' }).click();
    await ward.page.getByText(/Last list seen on this device, as of/).waitFor();
    await ward.page.getByRole('button', { name: `Record vitals for ${waitingPatient.name}` }).click();
    const vitals = ward.page.getByRole('form', { name: `Record vitals for ${waitingPatient.name}` });
    await vitals.getByLabel('Blood Pressure (mmHg)').fill('120/80');
    await vitals.getByLabel('Pulse Rate (BPM)').fill('72');
    await vitals.getByLabel('Temperature', { exact: true }).fill('36.8');
    await vitals.getByLabel('Weight (kg)').fill('64');
    await vitals.getByLabel('Height (cm)').fill('170');
    await vitals.getByLabel('Respiratory Rate (breaths/min)').fill('16');
    await vitals.getByLabel('Oxygen Saturation (%)').fill('98');
    await vitals.getByRole('button', { name: 'Save Vitals' }).click();
    await ward.page.getByText(SAVED_ON_DEVICE).waitFor();
    await expect.poll(() => banner(ward.page).textContent()).toContain('1 pending change');

    // Nothing reached the server yet.
    const before = await apiGet<PatientsPage>(suite, hospital.token, `/api/patients?search=Offline${suffix}`);
    expect(before.patients).toEqual([]);

    // The first registration's answer is lost on the way back: the desk keeps it and sends it again.
    let lost = 0;
    await desk.context.route('**/api/patients', async (route) => {
      if (route.request().method() !== 'POST' || lost > 0) return route.fallback();
      lost += 1;
      await route.fetch();
      await route.abort('connectionreset');
    });
    for (const device of [desk, ward]) {
      await device.context.unroute('**/api/**');
      await device.context.setOffline(false);
    }
    // Signed out, the desk sends nothing: the work waits, sealed, for the same person.
    await desk.page.getByText('Staff Login').first().waitFor();
    expect(
      (await apiGet<PatientsPage>(suite, hospital.token, `/api/patients?search=Offline${suffix}`)).patients,
    ).toEqual([]);
    await signInAsStaff(desk.page, suite.server.baseUrl, receptionist);
    const offlineOnes = async () =>
      (await apiGet<PatientsPage>(suite, hospital.token, `/api/patients?search=Offline${suffix}`)).patients.length;
    await expect.poll(offlineOnes, { timeout: 60_000 }).toBe(3);
    await expect.poll(() => desk.page.getByTestId('pending-count').count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => ward.page.getByTestId('pending-count').count(), { timeout: 60_000 }).toBe(0);
    expect(lost).toBe(1);
    // Nothing stopped: the registration sent again was a replay, not a likely duplicate.
    expect(await desk.page.getByRole('list', { name: 'Offline conflicts' }).count()).toBe(0);
    expect(await ward.page.getByRole('list', { name: 'Offline conflicts' }).count()).toBe(0);

    // Exactly once each, with the desk's device and time in the audit metadata.
    const after = await apiGet<PatientsPage>(suite, hospital.token, `/api/patients?search=Offline${suffix}`);
    expect(after.patients.map((p) => p.name).sort()).toEqual(names.map((n) => `${n.first} ${n.last}`).sort());
    const store = suite.server.testApp.platform.store;
    for (const p of after.patients) {
      const events = await store.readStream(`patient-${p.id}`);
      expect(events.filter((e) => e.type === 'PatientRegistered')).toHaveLength(1);
    }
    const vitalsEvents = (await store.readStream(`patient-${waitingPatient.id}`)).filter(
      (e) => e.type === 'VitalsRecorded',
    );
    expect(vitalsEvents).toHaveLength(1);
    expect(vitalsEvents[0]!.metadata).toMatchObject({ deviceId: expect.stringMatching(/^web-/) });

    // The doctor's screen, never reloaded, shows them live.
    for (const { first, last } of names) {
      await waiting
        .getByRole('row')
        .filter({ hasText: `${first} ${last}` })
        .waitFor();
    }
    expect(desk.pageErrors).toEqual([]);
    expect(ward.pageErrors).toEqual([]);
  });
});
