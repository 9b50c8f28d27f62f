import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, hospitalDate } from '../../src/shared/hospital-calendar';
import { onboardHospital, type Onboarded } from '../helpers/onboard';
import { asClient, newPatient } from '../helpers/patients-api';
import { expectAccessible } from './helpers/axe';
import { hireForBrowser, signInAsStaff, type BrowserStaff } from './helpers/staff';
import { browserSuite } from './helpers/suite';
import { savedCopy } from './helpers/browser';

/**
 * The pharmacist's report in Chromium against the real server, on a 375px phone: stock and a
 * dispensed prescription made through the API show as this month's quantities, and the stock
 * table's CSV downloads with them.
 */
const suite = browserSuite();
let hospital: Onboarded;
let pharmacist: BrowserStaff;

async function call(token: string, url: string, payload: object, expected: number) {
  const res = await suite.server.testApp.app.inject({ method: 'POST', url, headers: asClient(token), payload });
  if (res.statusCode !== expected) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

beforeAll(async () => {
  hospital = await onboardHospital(suite.server.testApp);
  pharmacist = await hireForBrowser(suite, hospital.token, 'pharmacist', 'Suya-Spice-Evening-42');
  const doctor = await hireForBrowser(suite, hospital.token, 'doctor', 'Jollof-Rice-Friday-19');
  const stock = { batchNumber: 'CTM-7', vendor: 'Emzor Pharmaceuticals', expiryDate: '2099-05-31', reorderLevel: 5 };
  await call(pharmacist.token, '/api/inventory/medications', { ...stock, name: 'Coartem', quantity: 30 }, 201);
  await call(pharmacist.token, '/api/inventory/medications', { ...stock, name: 'Zinc Sulfate', quantity: 3 }, 201);
  const patient = (await call(hospital.token, '/api/patients', newPatient({ firstName: 'Chidi' }), 201)).data.patient;
  const consultation = await call(
    doctor.token,
    '/api/consultations/create',
    {
      patientId: patient.id,
      chiefComplaint: 'Fever',
      primaryDiagnosis: 'Malaria',
      prescriptions: [
        { medicationName: 'Coartem', dosage: '80/480mg', frequency: 'Twice daily', duration: '3 days', quantity: 6 },
      ],
    },
    201,
  );
  await call(pharmacist.token, `/api/consultations/prescriptions/${consultation.consultation.id}/dispense`, {}, 200);
});

const cellsOf = async (row: Locator) => (await row.getByRole('cell').allTextContents()).map((t) => t.trim());

describe("The pharmacist's report in Chromium", () => {
  it("shows this month's dispensing and stock on a 375px phone, and downloads the stock CSV", async () => {
    const { page, pageErrors } = await open();
    await signInAsStaff(page, suite.server.baseUrl, pharmacist);
    await page.goto('/user/report');
    await page.getByRole('heading', { name: 'Pharmacy Reports' }).waitFor();
    const today = hospitalDate(new Date(), DEFAULT_TIME_ZONE);
    expect(await page.getByLabel('From').inputValue()).toBe(`${today.slice(0, 8)}01`);

    const dispensing = page.getByRole('table', { name: 'Dispensing by Medication' });
    const coartem = dispensing.getByRole('row').filter({ hasText: 'Coartem' });
    await coartem.waitFor();
    expect((await cellsOf(coartem)).map((t) => t.replace(/^\D+/, ''))).toEqual(['', '6', '1', '1']);
    await page.getByText('6 units · 1 prescriptions · 1 patients').waitFor();

    const stock = page.getByRole('table', { name: 'Stock by Medication' });
    const coartemStock = stock.getByRole('row').filter({ hasText: 'Coartem' });
    await coartemStock.waitFor();
    const headers = [
      'Medication',
      'On Hand',
      'Received',
      'Adjusted',
      'Dispensed',
      'Reorder Level',
      'Status',
      'Nearest Expiry',
    ];
    // Each cell shows its column header first at this width: compare what follows it.
    const cells = (await cellsOf(coartemStock)).map((t, i) => t.replace(headers[i]!, '').trim());
    expect(cells).toEqual(['Coartem', '24', '30', '0', '6', '5', 'In Stock', '31 May 2099']);
    await stock.getByRole('row').filter({ hasText: 'Zinc Sulfate' }).getByText('Low Stock').waitFor();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await expectAccessible(page, 'the pharmacy report at 375px');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV: Stock' }).focus();
    await page.keyboard.press('Enter');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`pharmacy-stock-${today.slice(0, 8)}01-to-${today}.csv`);
    const text = await readFile(await savedCopy(file), 'utf8');
    expect(text.split('\r\n').slice(0, 2)).toEqual([
      'medication,batches,on_hand,expired_on_hand,received,adjusted,dispensed,reorder_level,status,nearest_expiry',
      'Coartem,1,24,0,30,0,6,5,In Stock,2099-05-31',
    ]);
    expect(pageErrors).toEqual([]);
  });
});

const open = () => suite.open({ width: 375, height: 740 });
