import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient } from '../../../test/helpers/patients-api';
import { hireAndSignIn, staffLogin } from '../../../test/helpers/staff-api';
import { metadataFor } from '../../platform/event-store/metadata';
import { TENANT_NAMES } from './reactors/tenant-names';

/**
 * Issue 24: identity keeps its own copy of each hospital's name (what /auth/me, the sign-in answers
 * and so the sidebar show); a new name saved in Settings must reach it.
 */
describe("a hospital's new name in Settings", () => {
  let t: TestApp;
  let a: Onboarded;
  let b: Onboarded;
  let nurse: Awaited<ReturnType<typeof hireAndSignIn>>;
  const me = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: asClient(token) })).json().data;
  const save = (token: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/hospital/settings', headers: asClient(token), payload });

  beforeAll(async () => {
    t = await sharedTestApp();
    [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
    nurse = await hireAndSignIn(t, a.token, 'nurse');
  });
  afterAll(async () => t?.close());

  it('is what /auth/me, the admin profile and a new sign-in show, for this hospital only', async () => {
    expect((await me(nurse.token)).hospital.name).toBe(a.hospitalData.name);
    const res = await save(a.token, { name: 'Marina Specialist Hospital' });
    expect(res.statusCode, res.body).toBe(200);

    // Inline projection: current when the save answers, with no wait.
    expect((await me(nurse.token)).hospital.name).toBe('Marina Specialist Hospital');
    expect((await me(nurse.token)).user.hospital.name).toBe('Marina Specialist Hospital');
    expect((await me(a.token)).hospital.name).toBe('Marina Specialist Hospital');
    const profile = await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: asClient(a.token) });
    expect(profile.json().data.admin.hospital.name).toBe('Marina Specialist Hospital');
    const signIn = await staffLogin(t, nurse.email, nurse.password);
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(JSON.stringify(signIn.json().data)).toContain('Marina Specialist Hospital');

    expect((await me(b.token)).hospital.name).toBe(b.hospitalData.name);

    const tenant = await t.platform.store.readStream(`tenant-${a.hospital.id}`);
    expect(tenant.filter((e) => e.type === 'TenantRenamed').map((e) => e.data)).toEqual([
      { hospitalId: a.hospital.id, name: 'Marina Specialist Hospital' },
    ]);
    // The rename commits with the settings change, under the same request.
    const hospital = await t.platform.store.readStream(`hospital-${a.hospital.id}`);
    const changed = hospital.findLast((e) => e.type === 'HospitalSettingsChanged')!;
    expect(tenant.at(-1)!.metadata.requestId).toBe(changed.metadata.requestId);
  });

  it('records no rename when the name is not among the changed fields', async () => {
    const before = (await t.platform.store.readStream(`tenant-${a.hospital.id}`)).length;
    expect((await save(a.token, { idleTimeoutMinutes: 20 })).statusCode).toBe(200);
    expect((await save(a.token, { name: 'Marina Specialist Hospital' })).statusCode).toBe(200);
    expect(await t.platform.store.readStream(`tenant-${a.hospital.id}`)).toHaveLength(before);
    expect((await me(nurse.token)).hospital.name).toBe('Marina Specialist Hospital');
  });

  it('reaches identity for a rename recorded before identity followed (an older database)', async () => {
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/hospital/settings', headers: asClient(b.token) })
    ).json().data.settings;
    const keys = ['name', 'email', 'registrationNumber', 'licenseNumber', 'hospitalNumber', 'address', 'phone'];
    const data = {
      hospitalId: b.hospital.id,
      settings: {
        ...Object.fromEntries(keys.map((k) => [k, settings[k]])),
        timeZone: settings.timeZone,
        idleTimeoutMinutes: settings.idleTimeoutMinutes,
        defaultConsultationFee: settings.defaultConsultationFee,
        name: 'Harbour Road Clinic',
      },
      previous: { name: settings.name },
    };
    // What the server recorded before this change: the settings event alone, no TenantRenamed.
    const appended = await t.platform.store.append(
      `hospital-${b.hospital.id}`,
      [{ type: 'HospitalSettingsChanged', data, metadata: metadataFor({ hospitalId: b.hospital.id }) }],
      { expectedRevision: 'any' },
    );
    expect(await t.platform.waitFor(appended.position, [TENANT_NAMES], 10_000)).toBe(true);
    expect((await me(b.token)).hospital.name).toBe('Harbour Road Clinic');
    expect((await me(a.token)).hospital.name).toBe('Marina Specialist Hospital');
  });
});
