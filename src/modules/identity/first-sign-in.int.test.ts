import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { asClient } from '../../../test/helpers/patients-api';
import { onboardHospital, randomIp } from '../../../test/helpers/onboard';
import { createHospitalsModule } from '../hospitals';
import { createIdentityModule } from '.';

/**
 * Issue 34 §3: an admin's first login is the account's, and the server knows it. The forced
 * change is due in the session onboarding opened and at the first sign-in; a change made in one
 * session (one device) ends it for every other.
 */
describe("the admin's first sign-in, known by the server", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule(), createHospitalsModule()] });
  });
  afterAll(async () => t?.close());

  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email, password },
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
    });
  const profile = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: asClient(token) })).json().data.admin;

  it('is due after onboarding, and a change in that session counts on every other device', async () => {
    const a = await onboardHospital(t);
    expect((await profile(a.token)).mustChangePassword).toBe(true);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: asClient(a.token),
      payload: {
        currentPassword: a.adminPassword,
        newPassword: 'Harmattan-Breeze-2026',
        confirmPassword: 'Harmattan-Breeze-2026',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect((await profile(a.token)).mustChangePassword).toBe(false);

    // Another browser: its first sign-in with the account, lastLoginAt still empty, yet not forced.
    const elsewhere = (await login(a.adminEmail, 'Harmattan-Breeze-2026')).json();
    expect(elsewhere.user.lastLoginAt).toBeNull();
    expect(elsewhere.user.mustChangePassword).toBe(false);
    expect((await profile(elsewhere.token)).mustChangePassword).toBe(false);
  });

  it('stays due at the first sign-in when nothing was changed, and is over at the second', async () => {
    const a = await onboardHospital(t);
    const first = (await login(a.adminEmail, a.adminPassword)).json();
    expect(first.user.mustChangePassword).toBe(true);
    expect((await profile(first.token)).mustChangePassword).toBe(true);
    const second = (await login(a.adminEmail, a.adminPassword)).json();
    expect(second.user.mustChangePassword).toBe(false);
    expect((await profile(second.token)).mustChangePassword).toBe(false);
    // The first session now reads the account as it is.
    expect((await profile(first.token)).mustChangePassword).toBe(false);
  });
});
