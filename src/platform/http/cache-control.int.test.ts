import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient, patientsApi, type PatientJson } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { ASSETS_CACHE, PAGE_CACHE } from './static-web';

/** No API answer (patient data, exports, errors) may be kept by a browser or a shared cache; the web build may. */
describe('Cache-Control', () => {
  let t: TestApp;
  let a: Onboarded;
  let receptionist: string;
  let patient: PatientJson;
  let webDir: string;
  const patients = patientsApi(() => t);

  beforeAll(async () => {
    webDir = mkdtempSync(path.join(os.tmpdir(), 'hms-cache-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js'), 'export {};\n');
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>HMS</title>');
    t = await startTestApp({ webDir });
    a = await onboardHospital(t);
    receptionist = (await hireAndSignIn(t, a.token, 'receptionist')).token;
    patient = await patients.registered(receptionist);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? asClient(token) : { 'content-type': 'application/json' } });

  it('sends no-store on patient lists, searches, details and the JSON and FHIR exports', async () => {
    const answers = {
      list: await get('/api/patients?limit=5', receptionist),
      search: await get(`/api/patients?search=${encodeURIComponent(patient.lastName)}`, receptionist),
      detail: await get(`/api/patients/${patient.id}`, receptionist),
      export: await get(`/api/patients/${patient.id}/export?format=json`, a.token),
      fhir: await get(`/api/patients/${patient.id}/export?format=fhir`, a.token),
      me: await get('/api/auth/me', receptionist),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('sends no-store on error answers too', async () => {
    const answers = {
      unauthenticated: await get('/api/patients'),
      notFound: await get('/api/patients/00000000-0000-0000-0000-000000000000', receptionist),
      badQuery: await get('/api/patients?limit=100000', receptionist),
      noRoute: await get('/api/nothing-here', receptionist),
    };
    for (const [what, res] of Object.entries(answers)) {
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(res.json().success, what).toBe(false);
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
  });

  it('keeps the caching of the web build: hashed assets for a year, the page revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe(ASSETS_CACHE);
    const page = await t.app.inject({ method: 'GET', url: '/user/patients' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe(PAGE_CACHE);
  });
});
