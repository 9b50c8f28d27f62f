import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from './helpers/app';
import { onboardHospital, randomIp, registrationCookie, registrationInput } from './helpers/onboard';
import { readVerificationCode } from './helpers/outbox';

/**
 * The whole onboarding and sign-in path on the fully composed application (every module, as
 * src/main.ts runs it), and tenant isolation between two hospitals.
 */
describe('onboarding, sign-in and tenancy end to end', () => {
  let t: TestApp;
  const call = (method: 'GET' | 'POST', url: string, payload?: object, token?: string, cookie?: string) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: {
        'x-forwarded-for': randomIp(),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie } : {}),
      },
    });

  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(async () => t?.close());

  it('registers, verifies with the mailed code, signs out and signs in again', async () => {
    const input = registrationInput();
    const registered = await call('POST', '/api/hospital/register-with-verification', input);
    expect(registered.json().message).toBe('Verification code sent to your email!');
    const token = await readVerificationCode(path.join(t.dataDir, 'outbox'), input.adminData.email);

    // The browser sends back the cookie the registration answer bound it with (issue 33).
    const cookie = registrationCookie(registered);
    const verified = await call(
      'POST',
      '/api/hospital/verify-email',
      { email: input.adminData.email, token },
      undefined,
      cookie,
    );
    expect(verified.json().message).toBe('Email verified successfully!');
    const session = verified.json().token;
    expect((await call('GET', '/api/admin/profile', undefined, session)).json().data.admin.hospital.hospitalId).toBe(
      verified.json().hospital.hospitalId,
    );

    expect((await call('POST', '/api/admin/logout', undefined, session)).json().message).toBe(
      'Logged out successfully',
    );
    expect((await call('GET', '/api/admin/profile', undefined, session)).statusCode).toBe(401);

    const login = await call('POST', '/api/admin/login', {
      email: input.adminData.email,
      password: input.adminData.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().message).toBe('Welcome back, Ada Okafor!');
    expect((await call('GET', '/api/admin/profile', undefined, login.json().token)).statusCode).toBe(200);
  });

  it("never lets hospital A's token read hospital B", async () => {
    const [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
    const profileA = (await call('GET', '/api/admin/profile', undefined, a.token)).json().data.admin;
    expect(profileA.id).toBe(a.admin.id);
    expect(profileA.hospital.id).toBe(a.hospital.id);
    expect(JSON.stringify(profileA)).not.toContain(b.hospital.id);

    const foreign = await call('GET', `/api/hospitals/${b.hospital.id}`, undefined, a.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Hospital not found' });
    expect((await call('GET', `/api/hospitals/${b.hospital.id}`, undefined, b.token)).statusCode).toBe(200);
  });
});
