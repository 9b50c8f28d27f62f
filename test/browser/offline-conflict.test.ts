import { randomInt } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient, type PatientJson } from '../helpers/patients-api';
import { apiGet, controlledByWorker, OFFLINE_BANNER, SAVED_ON_DEVICE } from './helpers/offline';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';
import { browserSuite } from './helpers/suite';

/**
 * Issue 25's conflict: a nurse moves a patient offline while the doctor moves the same patient online.
 * When the nurse's change arrives it is not applied silently: she sees both versions, chooses, and both
 * changes stand in the patient's history.
 */
const suite = browserSuite();
const PASSWORD = 'Kola-Nut-Evening-58';
let hospital: Onboarded;
let nurse: BrowserStaff;
let doctor: BrowserStaff;
let patient: PatientJson;

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  nurse = await hireForBrowser(suite, hospital.token, 'nurse', PASSWORD);
  doctor = await hireForBrowser(suite, hospital.token, 'doctor', PASSWORD);
  const made = await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: asClient(hospital.token),
    payload: newPatient({ firstName: 'Bola', lastName: `Conflict${randomInt(1000, 9999)}` }),
  });
  patient = made.json().data.patient as PatientJson;
});

describe('A status changed offline while the doctor changed it online', () => {
  it('shows the conflict with both versions; the nurse applies hers on the new version; both are in the history', async () => {
    const { page, context, pageErrors } = await suite.open(undefined, { serviceWorkers: 'allow' });
    await signInAsStaff(page, suite.server.baseUrl, nurse);
    await page.goto(`/doctor/patients/${patient.id}`);
    await controlledByWorker(page);
    await page.getByRole('button', { name: /Change status/ }).waitFor();

    await context.setOffline(true);
    await page.getByRole('alert').filter({ hasText: OFFLINE_BANNER }).waitFor();
    await page.getByRole('button', { name: /Change status/ }).click();
    await page.getByRole('option', { name: 'In Consultation' }).click();
    await page.getByRole('button', { name: 'Update Status' }).click();
    await page.getByText(SAVED_ON_DEVICE).waitFor();

    // Meanwhile the doctor, online, sends the patient for a test.
    const moved = await suite.server.testApp.app.inject({
      method: 'PATCH',
      url: `/api/patients/${patient.id}/status`,
      headers: asClient(doctor.token),
      payload: { status: 'refer for test', version: patient.version },
    });
    expect(moved.statusCode).toBe(200);

    await context.setOffline(false);
    const conflicts = page.getByRole('list', { name: 'Offline conflicts' });
    const item = conflicts.getByRole('listitem').filter({ hasText: `Status of ${patient.name}` });
    await item.waitFor();
    await item.getByText(`Yours: In Consultation. Now: Referred for Test by ${doctor.name}`).waitFor();
    // Not applied silently: the server still has the doctor's change.
    expect((await apiGet<PatientJson>(suite, hospital.token, `/api/patients/${patient.id}`)).status).toBe(
      'refer for test',
    );

    await item.getByRole('button', { name: 'Apply mine' }).click();
    await conflicts.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await apiGet<PatientJson>(suite, hospital.token, `/api/patients/${patient.id}`)).status)
      .toBe('consultation');

    // Both changes stand, each with its author; the nurse's says where and when it was really done.
    const changes = (await suite.server.testApp.platform.store.readStream(`patient-${patient.id}`)).filter(
      (e) => e.type === 'PatientStatusChanged',
    );
    expect(changes.map((e) => (e.data as { to: string }).to)).toEqual(['refer for test', 'consultation']);
    expect(changes.map((e) => (e.metadata as { actor: { name: string } }).actor.name)).toEqual([
      doctor.name,
      nurse.name,
    ]);
    expect(changes[1]!.metadata).toMatchObject({
      deviceId: expect.stringMatching(/^web-/),
      deviceTime: expect.any(String),
    });
    // The patient's history shows both, the nurse's as recorded offline on her device.
    type Entry = { eventType: string; offline: { note: string } | null };
    const history = async () =>
      (await apiGet<{ entries: Entry[] }>(suite, hospital.token, `/api/patients/${patient.id}/history`)).entries.filter(
        (e) => e.eventType === 'PatientStatusChanged',
      );
    await expect.poll(async () => (await history()).length).toBe(2);
    const notes = (await history()).map((e) => e.offline?.note ?? null);
    expect(notes.filter((n) => n === null)).toHaveLength(1);
    expect(notes.find((n) => n !== null)).toMatch(/^Recorded offline on device web-[0-9a-f-]+ at .+, accepted /);
    expect(pageErrors).toEqual([]);
  });
});
