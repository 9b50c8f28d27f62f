import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { expectAccessible } from './helpers/axe';
import { openNewConsultation } from './helpers/screens';
import { browserSuite } from './helpers/suite';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';

/**
 * Issue 9, the doctor's part, in Chromium against the real server: a doctor opens a waiting
 * patient, records a consultation with one medication and one STAT lab test in the slide-in panel,
 * and reads it in the medical records and on the overview's panels; on a 375px phone the panel
 * fits the screen and saves, and the patient is admitted.
 */
const suite = browserSuite();
const open = suite.open;
let hospital: Onboarded;
let doctor: BrowserStaff;
const PASSWORD = 'Jollof-Rice-Sunday-77';

async function register() {
  const res = await suite.server.testApp.app.inject({
    method: 'POST',
    url: '/api/patients',
    headers: asClient(hospital.token),
    payload: newPatient(),
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.statusCode} ${res.body}`);
  return res.json().data.patient as { id: string; name: string };
}

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  doctor = await hireForBrowser(suite, hospital.token, 'doctor', PASSWORD);
});

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Fills the New Consultation panel: complaint, diagnosis, vitals, one medication, one lab test. */
async function fillConsultation(page: Page, test: { name: string; urgency: string }) {
  const panel = page.getByRole('dialog', { name: 'New Consultation' });
  await panel.getByLabel('Pulse rate (BPM)').fill('96');
  await panel.getByLabel('Temperature (°C or °F)').fill('38.6');
  await panel.getByLabel('Chief complaint').fill('Fever and chills for three days');
  await panel.getByLabel('Primary diagnosis').fill('Uncomplicated malaria');
  await panel.getByRole('button', { name: 'Add Medication' }).click();
  await panel.getByLabel('Medication name').fill('Coartem');
  await panel.getByLabel('Dosage').fill('80/480mg');
  await panel.getByLabel('Frequency').fill('Twice daily');
  await panel.getByLabel('Duration').fill('3 days');
  await panel.getByLabel('Quantity').fill('6');
  await panel.getByRole('button', { name: /Lab test/ }).click();
  await page.getByRole('option', { name: test.name }).click();
  await panel.getByRole('button', { name: /Urgency/ }).click();
  await page.getByRole('option', { name: test.urgency }).click();
  await panel.getByRole('button', { name: 'Add Lab Test' }).click();
  return panel;
}

describe('Consultations in Chromium', () => {
  it('a doctor records a consultation with one medication and one STAT test and reads it back', async () => {
    const patient = await register();
    const { page, pageErrors } = await open();
    await signInAsStaff(page, suite.server.baseUrl, doctor);
    const row = page
      .getByRole('table', { name: 'Waiting patients' })
      .getByRole('row')
      .filter({ hasText: patient.name });
    await row.getByText(patient.name).click();
    await page.waitForURL(`${suite.server.baseUrl}/doctor/patients/${patient.id}`);
    await page
      .getByRole('region', { name: 'Last Medical Record' })
      .getByText('No consultations recorded yet')
      .waitFor();
    const panel = await openNewConsultation(page);
    // The form's own rules first, with the spec's words.
    await panel.getByRole('button', { name: 'Save Consultation' }).click();
    await panel.getByText('Chief complaint is required').waitFor();
    await panel.getByText('Primary diagnosis is required').waitFor();
    await fillConsultation(page, { name: 'Full Blood Count (FBC)', urgency: 'STAT' });
    await panel.getByRole('button', { name: 'Add Charge' }).click();
    await panel.getByLabel('Charge 1 amount (₦)').fill('1500');
    await panel.getByText('₦6,500.00').waitFor();
    await expectAccessible(page, 'the filled New Consultation panel');
    await panel.getByRole('button', { name: 'Save Consultation' }).click();
    await page.getByText('Consultation saved successfully!').waitFor();
    await panel.waitFor({ state: 'detached' });

    // The records: the new consultation, open, with its medication, the STAT test and the total.
    const records = page.getByRole('region', { name: 'Consultations' });
    const trigger = records.getByRole('button', { name: /Uncomplicated malaria/ });
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await records.getByText(/Coartem 80\/480mg, Twice daily for 3 days \(qty 6\)/).waitFor();
    await records.getByText('STAT').waitFor();
    await records.getByText('Total ₦6,500.00').waitFor();
    await records.getByText(/Pulse 96 BPM/).waitFor();

    // Recorded as the server keeps it, not just drawn: one consultation, one STAT order, fee + charge.
    const stored = await suite.server.testApp.app.inject({
      method: 'GET',
      url: `/api/consultations/patient/${patient.id}`,
      headers: asClient(doctor.token),
    });
    const [saved, ...others] = stored.json().data;
    expect(others).toEqual([]);
    expect(saved).toMatchObject({
      primaryDiagnosis: 'Uncomplicated malaria',
      prescriptions: [{ medicationName: 'Coartem', quantity: 6, dispensed: false }],
      labOrders: [{ testCode: 'FBC', urgency: 'STAT', status: 'pending' }],
      billing: { consultationFee: 5000, totalAmount: 6500 },
    });

    // The overview's panels show the same record.
    await page.getByRole('link', { name: 'Back to Overview' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/doctor/patients/${patient.id}`);
    await page.getByRole('region', { name: 'Last Medical Record' }).getByText('Uncomplicated malaria').waitFor();
    const labs = page.getByRole('region', { name: 'Lab Tests' });
    expect(await labs.getByRole('listitem').textContent()).toMatch(/^Full Blood Count .*STAT Pending$/);
    const prescription = page.getByRole('region', { name: 'Prescription' });
    expect(await prescription.getByRole('listitem').textContent()).toMatch(/^Coartem .*Pending$/);
    await page.getByRole('region', { name: 'Test Results' }).getByText('No test results yet').waitFor();
    // The consultation's vitals became the patient's last vitals.
    await page.getByRole('region', { name: 'Last Vitals' }).getByText('96 BPM').waitFor();
    await expectAccessible(page, 'the overview with its clinical panels');
    await page.getByRole('link', { name: 'View All' }).click();
    await page.getByRole('region', { name: 'Consultations' }).getByText('Total ₦6,500.00').waitFor();
    await expectAccessible(page, 'the medical records with an open consultation');
    expect(pageErrors).toEqual([]);
  });

  it('on a 375px phone the panel fills the screen, saves, and the patient is admitted', async () => {
    const patient = await register();
    const { page, pageErrors } = await open({ width: 375, height: 740 });
    await signInAsStaff(page, suite.server.baseUrl, doctor);
    await page.goto(`/doctor/patients/${patient.id}/medical-records`);
    await page.getByText('No consultations recorded yet').waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);

    await page.getByRole('button', { name: 'New Consultation' }).click();
    const panel = await fillConsultation(page, { name: 'Ultrasound (USS)', urgency: 'Urgent' });
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, width: 375 });
    expect(
      await panel.evaluate((el) => [...el.querySelectorAll('*')].every((e) => e.getBoundingClientRect().right <= 376)),
    ).toBe(true);
    const save = panel.getByRole('button', { name: 'Save Consultation' });
    const saveBox = (await save.boundingBox())!;
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(740);
    // Focus stays in the panel: Tab from its last control comes back inside it.
    await save.focus();
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await save.click();
    await page.getByText('Consultation saved successfully!').waitFor();
    await page.getByRole('region', { name: 'Consultations' }).getByText('Urgent').waitFor();

    await page.getByRole('button', { name: 'Admit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Admit ${patient.name}` });
    await dialog.getByLabel('Ward').fill('Female Medical Ward');
    await dialog.getByRole('button', { name: 'Admit Patient' }).click();
    await page.getByText('Patient admitted successfully!').waitFor();
    await page.getByText('Female Medical Ward').waitFor();
    expect(await page.getByRole('button', { name: 'Admitted' }).isDisabled()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
