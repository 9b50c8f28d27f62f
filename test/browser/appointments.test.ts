import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { bookingClock, toBookableQuarter } from '../helpers/booking-clock';
import { browserSuite } from './helpers/suite';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';

/**
 * Issue 24's booked day in Chromium against the real server: a receptionist books a patient with
 * a doctor for the next quarter hour, and checks them in; the doctor's dashboard, open in
 * another browser, shows the booking and then the patient in the waiting list, without a reload; the
 * desk's dashboard queue has the patient checked in and waiting.
 * The server's book and both browsers share a clock set just after a quarter hour has started.
 */
const clock = bookingClock();
const suite = browserSuite({ clock });
const PASSWORD = 'Egusi-Soup-Saturday-42';
let hospital: Onboarded;
let doctor: BrowserStaff;
let receptionist: BrowserStaff;
const tag = randomInt(1000, 9999);
const patient = { firstName: 'Chiamaka', lastName: `Nwosu${tag}` };
const patientName = `${patient.firstName} ${patient.lastName}`;

const inject = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  suite.server.testApp.app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  // Open round the clock, so the next quarter hour is bookable whenever the test runs.
  const hours = await inject(hospital.token, 'PUT', '/api/hospital/settings', { opensAt: '00:00', closesAt: '24:00' });
  if (hours.statusCode !== 200) throw new Error(hours.body);
  doctor = await hireForBrowser(suite, hospital.token, 'doctor', PASSWORD);
  receptionist = await hireForBrowser(suite, hospital.token, 'receptionist', PASSWORD);
  const res = await inject(hospital.token, 'POST', '/api/patients', newPatient(patient));
  if (res.statusCode !== 201) throw new Error(res.body);
  // Registered patients start as waiting: seen, so the waiting list shows the check-in.
  await inject(hospital.token, 'PATCH', `/api/patients/${res.json().data.patient.id}/status`, {
    status: 'seen',
  });
});

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string) {
  await scope.getByRole('button', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('Appointments in Chromium', () => {
  it(
    "a receptionist books and checks in a patient; the doctor's dashboard follows live",
    { timeout: 600_000 },
    async () => {
      toBookableQuarter(clock);
      const doc = await suite.open();
      await signInAsStaff(doc.page, suite.server.baseUrl, doctor);
      const booked = doc.page.getByRole('region', { name: "Today's Appointments" });
      await doc.page.getByText('No appointments today').waitFor();

      const desk = await suite.open();
      await signInAsStaff(desk.page, suite.server.baseUrl, receptionist);
      await desk.page.getByRole('link', { name: 'Appointments' }).first().click();
      await desk.page.waitForURL(`${suite.server.baseUrl}/user/appointments`);
      const column = desk.page.getByRole('region', { name: `Dr. ${doctor.name}` });
      await column.getByText('No appointments').waitFor();

      await desk.page.getByRole('button', { name: 'Book Appointment' }).click();
      const dialog = desk.page.getByRole('dialog', { name: 'Book Appointment' });
      await dialog.getByLabel('Find patient').fill(patient.lastName);
      await expect
        .poll(() => dialog.getByRole('button', { name: /Patient/ }).isDisabled(), { timeout: 15_000 })
        .toBe(false);
      await choose(desk.page, dialog, /Patient/, patientName);
      await choose(desk.page, dialog, /Doctor/, `Dr. ${doctor.name}`);
      await dialog.getByLabel('Reason').fill('Blood pressure review');
      await dialog.getByRole('button', { name: 'Book', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await column.getByText(patientName).waitFor();

      // The doctor's screen shows the booking without a reload.
      await doc.page.getByText(patientName).first().waitFor();
      expect(await doc.page.getByRole('table', { name: 'Waiting patients' }).getByText(patientName).count()).toBe(0);

      await desk.page.getByRole('button', { name: `Check in ${patientName}` }).click();
      await desk.page.getByRole('alertdialog', { name: 'Check In' }).getByRole('button', { name: 'Check in' }).click();
      await column.getByText('Checked in').waitFor();

      // Live on the doctor's dashboard: the patient is waiting, and the booking says checked in.
      await doc.page.getByRole('table', { name: 'Waiting patients' }).getByText(patientName).waitFor();
      await booked.getByText('Checked in').waitFor();

      // The desk's own dashboard: today's queue has the patient checked in and waiting.
      await desk.page.getByRole('link', { name: 'Dashboard' }).first().click();
      const queue = desk.page.getByRole('region', { name: "Today's Queue" });
      await queue
        .getByRole('region', { name: /^Checked in, waiting/ })
        .getByText(patientName)
        .waitFor();
      expect(
        await queue
          .getByRole('region', { name: /^Booked, not yet arrived/ })
          .getByText(patientName)
          .count(),
      ).toBe(0);
      expect(doc.pageErrors).toEqual([]);
      expect(desk.pageErrors).toEqual([]);
    },
  );
});
