import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient, type PatientJson } from '../helpers/patients-api';
import { bookingClock, lagosQuarter, toBookableQuarter } from '../helpers/booking-clock';
import { apiGet, controlledByWorker, offlineBanner, SAVED_ON_DEVICE } from './helpers/offline';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';
import { browserSuite } from './helpers/suite';

/**
 * Issue 25's last two offline commands in Chromium with the network cut: the desk books an
 * appointment and checks in another while offline, and both reach the server once when the
 * connection returns. And a session that expires while offline keeps its pending work, sealed, until
 * the same person signs in again on that device: another person signing in there neither sends nor
 * sees it. The server's book and the pages share a clock, set just after a quarter hour started by
 * each test that books.
 */
const clock = bookingClock();
const suite = browserSuite({ clock });
const PASSWORD = 'Jollof-Rice-Sunday-73';
let hospital: Onboarded;
let receptionist: BrowserStaff;
let relief: BrowserStaff;
const patients: Record<'ada' | 'bola' | 'chidi' | 'dayo' | 'efe', PatientJson> = {} as never;
let newest: PatientJson;

type Appointment = { id: string; patientId: string; status: string; date: string; time: string };
type Day = { appointments: Appointment[] };

const inject = (method: 'POST' | 'PUT', url: string, payload: object) =>
  suite.server.testApp.app.inject({ method, url, headers: asClient(hospital.token), payload });

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  // Open round the clock, so the next quarter hour is bookable whenever the test runs.
  const hours = await inject('PUT', '/api/hospital/settings', { opensAt: '00:00', closesAt: '24:00' });
  if (hours.statusCode !== 200) throw new Error(hours.body);
  receptionist = await hireForBrowser(suite, hospital.token, 'receptionist', PASSWORD);
  relief = await hireForBrowser(suite, hospital.token, 'receptionist', PASSWORD);
  const tag = randomInt(1000, 9999);
  for (const [key, firstName] of [
    ['ada', 'Adaeze'],
    ['bola', 'Bolanle'],
    ['chidi', 'Chidi'],
    ['dayo', 'Dayo'],
    ['efe', 'Efe'],
  ] as const) {
    const made = await inject('POST', '/api/patients', newPatient({ firstName, lastName: `Okafor${tag}` }));
    if (made.statusCode !== 201) throw new Error(made.body);
    patients[key] = made.json().data.patient as PatientJson;
  }
  // Registered after the five: the dashboard's recent list (9) shows these and not Adaeze, the patient
  // list's first page (10) shows Adaeze too.
  for (const firstName of ['Funke', 'Gbenga', 'Halima', 'Ikenna', 'Jide']) {
    const made = await inject('POST', '/api/patients', newPatient({ firstName, lastName: `Okafor${tag}` }));
    if (made.statusCode !== 201) throw new Error(made.body);
    newest = made.json().data.patient as PatientJson;
  }
});

/** Books `patient` through the API for the next quarter hour in Lagos by the test's clock. */
async function bookedOnline(patient: PatientJson, reason: string): Promise<Appointment> {
  const res = await inject('POST', '/api/appointments', { patientId: patient.id, ...lagosQuarter(clock()), reason });
  if (res.statusCode !== 201) throw new Error(res.body);
  const appointment = res.json().data.appointment as Appointment;
  bookDay = appointment.date;
  return appointment;
}

/** The Lagos day of the last booking made online: the day the test reads back (even past midnight). */
let bookDay = '';
const today = () => apiGet<Day>(suite, hospital.token, `/api/appointments?date=${bookDay}`);
const ofPatient = async (patient: PatientJson) =>
  (await today()).appointments.filter((a) => a.patientId === patient.id);
const statusOf = async (patient: PatientJson) => (await ofPatient(patient)).map((a) => a.status);
const eventsOf = async (appointmentId: string, type: string) =>
  (await suite.server.testApp.platform.store.readStream(`appointment-${appointmentId}`)).filter((e) => e.type === type);

/** Checks in the patient's booked appointment from the day's book on screen; offline it is kept on the device. */
async function checkInOffline(page: Page, patient: PatientJson) {
  await page.getByRole('button', { name: `Check in ${patient.name}` }).click();
  await page.getByRole('alertdialog', { name: 'Check In' }).getByRole('button', { name: 'Check in' }).click();
  await page.getByText(SAVED_ON_DEVICE).last().waitFor();
}

async function openAppointments(page: Page) {
  await page.getByRole('link', { name: 'Appointments' }).first().click();
  await page.waitForURL(`${suite.server.baseUrl}/user/appointments`);
}

/** The card of the patient's appointment in the day's book on screen. */
const card = (page: Page, patient: PatientJson) => page.getByRole('listitem').filter({ hasText: patient.name });
const pendingCount = (page: Page) => page.getByTestId('pending-count');

/** Opens the booking dialog offline and waits for its picker to find `patient` among those this device has seen. */
async function pickOffline(page: Page, patient: PatientJson) {
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book Appointment' });
  const picker = dialog.getByRole('button', { name: /Patient/ });
  await dialog.getByLabel('Find patient').fill(patient.name);
  await expect.poll(() => picker.isEnabled(), { timeout: 15_000 }).toBe(true);
  await picker.click();
  await page.getByRole('option', { name: patient.name }).click();
  return dialog;
}

describe('Appointments offline', () => {
  it(
    'books one and checks in another offline; both reach the server exactly once and show in the book',
    { timeout: 600_000 },
    async () => {
      // Minutes to spare in the quarter: the booking made offline is for the next one, and is sent some time later.
      toBookableQuarter(clock);
      const earlier = await bookedOnline(patients.bola, 'Antenatal visit');
      const desk = await suite.open(undefined, { serviceWorkers: 'allow' });
      const { page, context } = desk;

      // Online once: the patient list (its patients kept for the booking's picker) and the day's book.
      await signInAsStaff(page, suite.server.baseUrl, receptionist);
      await controlledByWorker(page);
      await page.getByRole('link', { name: 'Patients' }).first().click();
      await page.getByRole('table', { name: 'Patients', exact: true }).getByText(patients.ada.name).waitFor();
      await openAppointments(page);
      await card(page, patients.bola).getByText('Booked', { exact: true }).waitFor();

      await context.setOffline(true);
      await offlineBanner(page).waitFor();
      await checkInOffline(page, patients.bola);
      // The picker finds the patient among those this device has seen (in the patient list only).
      const dialog = await pickOffline(page, patients.ada);
      await dialog.getByLabel('Reason').fill('Follow-up of malaria treatment');
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      // Closed with no error: kept on this device.
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => offlineBanner(page).textContent(), { timeout: 15_000 }).toContain('2 pending changes');
      // The booking is on the day's book at once, marked as waiting to send (issue 34 §6).
      const waiting = page.getByRole('region', { name: 'Waiting to send' });
      await waiting.getByText(patients.ada.name).waitFor();

      // Nothing reached the server yet.
      expect(await ofPatient(patients.ada)).toEqual([]);
      expect(await statusOf(patients.bola)).toEqual(['booked']);

      await context.setOffline(false);
      await expect.poll(() => statusOf(patients.bola), { timeout: 60_000 }).toEqual(['checked in']);
      await expect.poll(() => statusOf(patients.ada), { timeout: 60_000 }).toEqual(['booked']);
      await expect.poll(() => pendingCount(page).count(), { timeout: 60_000 }).toBe(0);
      // Sent: no longer waiting.
      await waiting.waitFor({ state: 'detached' });
      expect(await page.getByRole('list', { name: 'Offline conflicts' }).count()).toBe(0);

      // Exactly once each, sent from this device with the time each was done on it.
      const [booking] = await ofPatient(patients.ada);
      expect(booking).toMatchObject({ date: earlier.date, time: earlier.time });
      const booked = await eventsOf(booking!.id, 'AppointmentBooked');
      const checkedIn = await eventsOf(earlier.id, 'AppointmentCheckedIn');
      expect(booked).toHaveLength(1);
      expect(checkedIn).toHaveLength(1);
      for (const e of [...booked, ...checkedIn]) {
        expect(e.metadata).toMatchObject({ deviceId: expect.stringMatching(/^web-/), deviceTime: expect.any(String) });
      }

      // The book, opened again, shows both as the server has them.
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await openAppointments(page);
      await card(page, patients.ada).getByText('Booked', { exact: true }).waitFor();
      await card(page, patients.bola).getByText('Checked in', { exact: true }).waitFor();
      expect(desk.pageErrors).toEqual([]);
    },
  );

  it('finds a patient seen only on the dashboard for a booking made offline', { timeout: 600_000 }, async () => {
    const desk = await suite.open(undefined, { serviceWorkers: 'allow' });
    const { page, context } = desk;
    await signInAsStaff(page, suite.server.baseUrl, receptionist);
    await controlledByWorker(page);
    await page.getByRole('table', { name: 'Recent patients registered' }).getByText(newest.name).waitFor();
    await openAppointments(page);
    await context.setOffline(true);
    await offlineBanner(page).waitFor();
    const dialog = await pickOffline(page, newest);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(desk.pageErrors).toEqual([]);
  });

  it(
    'keeps work pending through a session that expired offline until the same person signs in again',
    { timeout: 600_000 },
    async () => {
      toBookableQuarter(clock);
      const mine = await bookedOnline(patients.chidi, 'Blood pressure review');
      const theirs = await bookedOnline(patients.dayo, 'Dressing change');
      const desk = await suite.open(undefined, { serviceWorkers: 'allow' });
      const { page, context } = desk;
      // The page's clock (installed when the page was opened) lets the idle time-out pass while offline.

      await signInAsStaff(page, suite.server.baseUrl, receptionist);
      await controlledByWorker(page);
      await openAppointments(page);
      await card(page, patients.chidi).getByText('Booked', { exact: true }).waitFor();
      await context.setOffline(true);
      await checkInOffline(page, patients.chidi);
      await expect.poll(() => offlineBanner(page).textContent(), { timeout: 15_000 }).toContain('1 pending change');

      // Left idle past any hospital's time-out (60 minutes at most) and its 30-second warning: signed out.
      await context.clock.fastForward('01:01:00');
      await page.waitForURL(`${suite.server.baseUrl}/user/login`);
      // Back to the test's time: the device's clock is not hours ahead of the server's.
      await context.clock.setSystemTime(clock());
      await context.setOffline(false);

      // Another receptionist signs in on this device: her own offline work counts alone, and is sent alone.
      await signInAsStaff(page, suite.server.baseUrl, relief);
      await openAppointments(page);
      await card(page, patients.dayo).getByText('Booked', { exact: true }).waitFor();
      await context.setOffline(true);
      await checkInOffline(page, patients.dayo);
      await expect.poll(() => offlineBanner(page).textContent(), { timeout: 15_000 }).toContain('1 pending change');
      await context.setOffline(false);
      await expect.poll(() => statusOf(patients.dayo), { timeout: 60_000 }).toEqual(['checked in']);
      await expect.poll(() => pendingCount(page).count(), { timeout: 60_000 }).toBe(0);
      expect(await page.getByRole('list', { name: 'Offline conflicts' }).count()).toBe(0);
      // Her queue has been sent; the first receptionist's check-in was not.
      expect(await statusOf(patients.chidi)).toEqual(['booked']);
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${suite.server.baseUrl}/user/login`);

      // The same person again: her sealed check-in is opened and sent, once.
      await signInAsStaff(page, suite.server.baseUrl, receptionist);
      await expect.poll(() => statusOf(patients.chidi), { timeout: 60_000 }).toEqual(['checked in']);
      await expect.poll(() => pendingCount(page).count(), { timeout: 60_000 }).toBe(0);
      const sent = await eventsOf(mine.id, 'AppointmentCheckedIn');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.metadata).toMatchObject({ deviceId: expect.stringMatching(/^web-/) });
      expect(await eventsOf(theirs.id, 'AppointmentCheckedIn')).toHaveLength(1);
      expect(desk.pageErrors).toEqual([]);
    },
  );

  it(
    'keeps work pending through a session the server ended while offline, until the same person signs in again',
    { timeout: 600_000 },
    async () => {
      toBookableQuarter(clock);
      const mine = await bookedOnline(patients.efe, 'Wound review');
      const desk = await suite.open(undefined, { serviceWorkers: 'allow' });
      const { page, context } = desk;
      await signInAsStaff(page, suite.server.baseUrl, receptionist);
      await controlledByWorker(page);
      await openAppointments(page);
      await card(page, patients.efe).getByText('Booked', { exact: true }).waitFor();
      await context.setOffline(true);
      await checkInOffline(page, patients.efe);
      await expect.poll(() => offlineBanner(page).textContent(), { timeout: 15_000 }).toContain('1 pending change');

      // Meanwhile the session ends on the server; the device learns it (401) only when it sends.
      const token = await page.evaluate(() => localStorage.getItem('hms.userToken'));
      const ended = await suite.server.testApp.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: asClient(token!),
      });
      expect(ended.statusCode, ended.body).toBe(200);
      // Back online, the refused send signs the person out and says why; the check-in waits, sealed.
      await context.setOffline(false);
      await page.getByText('Session expired. Please login again.').waitFor();
      await page.waitForURL(`${suite.server.baseUrl}/user/login`);
      expect(await statusOf(patients.efe)).toEqual(['booked']);

      await signInAsStaff(page, suite.server.baseUrl, receptionist);
      await expect.poll(() => statusOf(patients.efe), { timeout: 60_000 }).toEqual(['checked in']);
      await expect.poll(() => pendingCount(page).count(), { timeout: 60_000 }).toBe(0);
      expect(await eventsOf(mine.id, 'AppointmentCheckedIn')).toHaveLength(1);
      expect(desk.pageErrors).toEqual([]);
    },
  );
});
