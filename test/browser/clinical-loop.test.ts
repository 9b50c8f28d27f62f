import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { openNewConsultation } from './helpers/screens';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';
import { browserSuite } from './helpers/suite';

/**
 * Issue 9's whole loop across four roles, each in their own browser against one real server: the
 * doctor consults a waiting patient with one medication and one STAT lab test; the lab technician
 * sees the request first and marked urgent, starts it and enters results; the doctor sees the
 * results on the patient's overview; the pharmacist dispenses and the stock drops by the quantity.
 */
const suite = browserSuite();
const PASSWORD = 'Egusi-Soup-Saturday-31';
const BATCH = 'LOOP-CTM-1';
let hospital: Onboarded;
let doctor: BrowserStaff;
let lab: BrowserStaff;
let pharmacist: BrowserStaff;
let patient: { id: string; name: string };

const inject = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  suite.server.testApp.app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  doctor = await hireForBrowser(suite, hospital.token, 'doctor', PASSWORD);
  lab = await hireForBrowser(suite, hospital.token, 'lab_technician', PASSWORD);
  pharmacist = await hireForBrowser(suite, hospital.token, 'pharmacist', PASSWORD);
  const registered = await inject(hospital.token, 'POST', '/api/patients', newPatient());
  if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
  patient = registered.json().data.patient;
  // Another patient's routine order comes first: the STAT one must still head the lab's queue.
  const other = await inject(hospital.token, 'POST', '/api/patients', newPatient());
  const routine = await inject(doctor.token, 'POST', '/api/consultations/create', {
    patientId: other.json().data.patient.id,
    chiefComplaint: 'Routine check',
    primaryDiagnosis: 'Well adult',
    labOrders: [{ testName: 'Urine Analysis', urgency: 'Routine' }],
  });
  if (routine.statusCode !== 201) throw new Error(`routine order failed: ${routine.body}`);
  const stocked = await inject(pharmacist.token, 'POST', '/api/inventory/medications', {
    name: 'Coartem',
    batchNumber: BATCH,
    vendor: 'Novartis Nigeria',
    expiryDate: '2031-06-30',
    quantity: 40,
    reorderLevel: 10,
  });
  if (stocked.statusCode !== 201) throw new Error(`stocking failed: ${stocked.body}`);
});

async function signedIn(who: BrowserStaff) {
  const opened = await suite.open();
  await signInAsStaff(opened.page, suite.server.baseUrl, who);
  return opened;
}

const stockOf = (page: Page) =>
  page
    .getByRole('table', { name: 'Medications' })
    .getByRole('row')
    .filter({ hasText: BATCH })
    .getByRole('cell')
    .nth(4)
    .textContent();

describe('The clinical loop across four roles in Chromium', () => {
  it('doctor → lab technician → doctor → pharmacist, on real records', async () => {
    // The doctor consults the waiting patient: one medication (6 tablets) and one STAT test.
    const d = await signedIn(doctor);
    await d.page.getByRole('table', { name: 'Waiting patients' }).getByText(patient.name).click();
    await d.page.waitForURL(`${suite.server.baseUrl}/doctor/patients/${patient.id}`);
    const panel = await openNewConsultation(d.page);
    await panel.getByLabel('Chief complaint').fill('Fever and chills for three days');
    await panel.getByLabel('Primary diagnosis').fill('Uncomplicated malaria');
    await panel.getByRole('button', { name: 'Add Medication' }).click();
    await panel.getByLabel('Medication name').fill('coartem');
    await panel.getByLabel('Dosage').fill('80/480mg');
    await panel.getByLabel('Frequency').fill('Twice daily');
    await panel.getByLabel('Duration').fill('3 days');
    await panel.getByLabel('Quantity').fill('6');
    await panel.getByRole('button', { name: /Lab test/ }).click();
    await d.page.getByRole('option', { name: 'Full Blood Count (FBC)' }).click();
    await panel.getByRole('button', { name: /Urgency/ }).click();
    await d.page.getByRole('option', { name: 'STAT' }).click();
    await panel.getByRole('button', { name: 'Add Lab Test' }).click();
    await panel.getByRole('button', { name: 'Save Consultation' }).click();
    await d.page.getByText('Consultation saved successfully!').waitFor();

    // The lab technician finds it at the head of the queue, marked urgent, and returns results.
    const l = await signedIn(lab);
    await l.page.goto('/user/test-request');
    const pending = l.page.getByRole('table', { name: 'Pending test requests' });
    await pending.getByText(patient.name).waitFor();
    const first = await pending.getByRole('row').nth(1).textContent();
    expect(first).toContain(patient.name);
    expect(first).toContain('URGENT · STAT');
    // Start opens the FBC's results form at once, its analytes, units and ranges filled in.
    await l.page.getByRole('button', { name: `Start Full Blood Count for ${patient.name}` }).click();
    const results = l.page.getByRole('dialog', { name: 'Enter Results: Full Blood Count' });
    expect(await results.getByLabel('Parameter 1', { exact: true }).inputValue()).toBe('Haemoglobin');
    await results.getByLabel('Value 1', { exact: true }).fill('10.2');
    await results.getByRole('button', { name: 'Save Results' }).click();
    await l.page.getByText('Test results recorded successfully!').waitFor();

    // The doctor sees the results on the patient's overview.
    await d.page.goto(`/doctor/patients/${patient.id}`);
    const found = d.page.getByRole('region', { name: 'Test Results' });
    await found.getByText(/Haemoglobin/).waitFor();
    expect(await found.textContent()).toContain('10.2 g/dL');
    expect(await found.textContent()).toContain(lab.name);

    // The pharmacist dispenses the prescription; the stock drops by its quantity.
    const p = await signedIn(pharmacist);
    await p.page.goto('/user/inventory');
    await expect.poll(() => stockOf(p.page)).toMatch(/\D40$/);
    await p.page.goto('/user/prescription-request');
    const card = p.page.getByRole('article', { name: `Prescription for ${patient.name}` });
    await card.getByRole('button', { name: /Dispense Medication/ }).click();
    await p.page.getByText('Medication dispensed successfully!').waitFor();
    await p.page.goto('/user/inventory');
    await expect.poll(() => stockOf(p.page)).toMatch(/\D34$/);

    // And the doctor's prescription panel says it was dispensed.
    await d.page.goto(`/doctor/patients/${patient.id}`);
    const prescription = d.page.getByRole('region', { name: 'Prescription' });
    await expect.poll(() => prescription.getByRole('listitem').textContent()).toMatch(/^coartem .*Dispensed$/);

    for (const opened of [d, l, p]) expect(opened.pageErrors).toEqual([]);
  });
});
