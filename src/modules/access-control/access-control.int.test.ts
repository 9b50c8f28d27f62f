import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clinicalApi } from '../../../test/helpers/clinical-api';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient, patientsApi } from '../../../test/helpers/patients-api';
import { hireAndSignIn, upgradeToHospitalPlan } from '../../../test/helpers/staff-api';
import { AUDIT_TRAIL } from '../audit';
import { RESET, SAVED } from './routes';

const STAFF = ['doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist', 'accountant', 'compliance_officer'];
type Tokens = Record<string, string>;

describe('access control: the matrix the admin saves is what the server enforces', () => {
  let t: TestApp;
  let a: Onboarded;
  let b: Onboarded;
  const tokens: Tokens = {};
  let otherPharmacist: string;
  const api = clinicalApi(() => t);
  const patients = patientsApi(() => t);
  const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });
  const save = (token: string, modules: { module: string; roles: string[] }[], version?: number) =>
    call(token, 'PUT', '/api/access-control', { modules, ...(version === undefined ? {} : { version }) });
  const me = async (token: string) =>
    ((await call(token, 'GET', '/api/auth/me')).json().data.user.permissions as { module: string }[]).map(
      (p) => p.module,
    );

  beforeAll(async () => {
    t = await sharedTestApp();
    [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
    await upgradeToHospitalPlan(t, a.token);
    tokens.admin = a.token;
    for (const role of STAFF) tokens[role] = (await hireAndSignIn(t, a.token, role)).token;
    otherPharmacist = (await hireAndSignIn(t, b.token, 'pharmacist')).token;
  });
  afterAll(async () => t?.close());

  it('gives the admin the default matrix of product-spec-2 §6 and refuses everyone else', async () => {
    const res = await call(a.token, 'GET', '/api/access-control');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    const roles = Object.fromEntries(data.modules.map((m: { name: string; roles: string[] }) => [m.name, m.roles]));
    expect(roles).toEqual({
      'Patient Management': ['admin', 'doctor', 'nurse', 'receptionist'],
      Laboratory: ['admin', 'doctor', 'lab_technician'],
      Pharmacy: ['admin', 'doctor', 'pharmacist'],
      'Billing & Invoicing': ['admin', 'accountant'],
      Report: ['admin', 'doctor', 'lab_technician', 'pharmacist', 'accountant'],
      'Audit Logs': ['admin', 'compliance_officer'],
    });
    expect(data.version).toBe(0);
    expect(data.roles.find((r: { code: string }) => r.code === 'admin')).toMatchObject({ locked: true, id: 0 });
    for (const role of STAFF) {
      const refused = await call(tokens[role]!, 'GET', '/api/access-control');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Access denied. Admin role required.');
      expect((await save(tokens[role]!, [{ module: 'Pharmacy', roles: ['admin'] }])).statusCode).toBe(403);
    }
  });

  it('revoking Pharmacy for pharmacists refuses dispensing naming the module; restoring works without a restart', async () => {
    await api.stock(tokens.pharmacist!, { name: 'Amoxicillin', quantity: 20 });
    const p = await patients.registered(tokens.receptionist!);
    const consult = await api.consult(tokens.doctor!, {
      patientId: p.id,
      chiefComplaint: 'Cough',
      primaryDiagnosis: 'Bronchitis',
      prescriptions: [
        { medicationName: 'Amoxicillin', dosage: '500mg', frequency: 'Daily', duration: '5 days', quantity: 2 },
      ],
      labOrders: [],
    });
    expect(consult.statusCode, consult.body).toBe(201);
    const consultationId = consult.json().consultation.id as string;
    expect(await me(tokens.pharmacist!)).toContain('Pharmacy');

    const saved = await save(a.token, [{ module: 'Pharmacy', roles: ['admin', 'doctor'] }]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      success: true,
      message: SAVED,
      data: { version: 1, updatedBy: a.admin.name },
    });

    const refused = await api.dispense(tokens.pharmacist!, consultationId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'Access denied. Your role does not have access to the Pharmacy module.',
      code: 'MODULE_ACCESS_DENIED',
    });
    expect((await api.pending(tokens.pharmacist!)).statusCode).toBe(403);
    expect((await call(tokens.pharmacist!, 'GET', '/api/inventory/medications')).statusCode).toBe(403);
    expect(await me(tokens.pharmacist!)).toEqual(['Report']);
    // The other hospital's pharmacists keep the default matrix.
    expect((await api.pending(otherPharmacist)).statusCode).toBe(200);

    const events = await t.platform.store.readStream(`access-matrix-${a.hospital.id}`);
    expect(events.map((e) => e.type)).toEqual(['AccessMatrixChanged']);
    expect(events[0]!.data).toMatchObject({
      hospitalId: a.hospital.id,
      reason: 'saved',
      changes: [{ module: 'pharmacy', granted: [], revoked: ['pharmacist'] }],
    });
    expect(events[0]!.metadata).toMatchObject({
      hospitalId: a.hospital.id,
      actor: { role: 'admin', name: a.admin.name },
    });
    expect(events[0]!.metadata.requestId).toBeTruthy();

    const restored = await save(a.token, [{ module: 'pharmacy', roles: ['admin', 'doctor', 'pharmacist'] }]);
    expect(restored.statusCode, restored.body).toBe(200);
    const dispensed = await api.dispense(tokens.pharmacist!, consultationId);
    expect(dispensed.statusCode, dispensed.body).toBe(200);
    expect(dispensed.json().message).toBe('Medication dispensed successfully!');
    expect(await me(tokens.pharmacist!)).toEqual(['Pharmacy', 'Report']);
  });

  it('never lets a nurse dispense, even with Pharmacy granted', async () => {
    const res = await save(a.token, [{ module: 'Pharmacy', roles: ['admin', 'doctor', 'pharmacist', 'nurse'] }]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(tokens.nurse!)).toContain('Pharmacy');
    const refused = await api.dispense(tokens.nurse!, 'any-consultation');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Access denied. Pharmacist role required.');
  });

  it("refuses to take the admin's own access away, and names unknown modules and roles", async () => {
    const before = (await call(a.token, 'GET', '/api/access-control')).json().data.version;
    const noAdmin = await save(a.token, [{ module: 'Laboratory', roles: ['doctor', 'lab_staff'] }]);
    expect(noAdmin.statusCode).toBe(400);
    expect(noAdmin.json().message).toBe("The administrator's own access cannot be removed");
    const badModule = await save(a.token, [{ module: 'Kitchen', roles: ['admin'] }]);
    expect(badModule.statusCode).toBe(400);
    expect(badModule.json().message).toBe('Unknown module: Kitchen');
    const badRole = await save(a.token, [{ module: 'Laboratory', roles: ['admin', 'janitor'] }]);
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toBe('Unknown role: janitor');
    expect((await call(a.token, 'PUT', '/api/access-control', { modules: 'all' })).statusCode).toBe(400);
    expect((await call(a.token, 'GET', '/api/access-control')).json().data.version).toBe(before);
  });

  it('accepts the spec aliases, answers 409 over a newer save, and changes nothing on an identical save', async () => {
    const { version } = (await call(a.token, 'GET', '/api/access-control')).json().data;
    const ok = await save(
      a.token,
      [{ module: 'Billing & Invoicing', roles: ['admin', 'billing_staff', 'doctor'] }],
      version,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.modules.find((m: { id: string }) => m.id === 'billing').roles).toEqual([
      'admin',
      'doctor',
      'accountant',
    ]);
    expect((await save(a.token, [{ module: 'Report', roles: ['admin'] }], version)).statusCode).toBe(409);
    const same = await save(a.token, [{ module: 'billing', roles: ['admin', 'doctor', 'accountant'] }]);
    expect(same.statusCode).toBe(200);
    expect(same.json().data.version).toBe(version + 1);
  });

  it('resets to the defaults, recorded in the audit trail with what changed', async () => {
    const res = await call(a.token, 'POST', '/api/access-control/reset');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(RESET);
    const pharmacy = res.json().data.modules.find((m: { id: string }) => m.id === 'pharmacy');
    expect(pharmacy.roles).toEqual(['admin', 'doctor', 'pharmacist']);
    expect(await me(tokens.nurse!)).toEqual(['Patient Management']);
    const events = await t.platform.store.readStream(`access-matrix-${a.hospital.id}`);
    expect(events.at(-1)!.data).toMatchObject({ reason: 'reset' });

    expect(await t.platform.waitFor(events.at(-1)!.globalPosition, [{ name: AUDIT_TRAIL }], 10_000)).toBe(true);
    const trail = await call(a.token, 'GET', '/api/audit/events?limit=50');
    expect(trail.statusCode, trail.body).toBe(200);
    const actions = trail.json().data.entries.map((e: { action: string }) => e.action);
    expect(actions).toContain('Changed access control: Pharmacy revoked from Pharmacist');
    expect(actions.some((x: string) => x.startsWith('Reset access control to default ('))).toBe(true);
  });
});
