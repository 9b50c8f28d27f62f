import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { testClock } from '../../../test/helpers/clock';
import { onboardHospital, randomIp, type Onboarded } from '../../../test/helpers/onboard';
import {
  createStaffAccount,
  deactivateStaff,
  updateStaff,
  type StaffFixture,
} from '../../../test/helpers/staff-accounts';
import { TokenService } from '../../platform/http/auth';
import { createHospitalsModule } from '../hospitals';
import { createIdentityModule } from '.';

const EXPIRED = { success: false, message: 'Session expired. Please login again.' };

describe('sessions, profile and passwords', () => {
  let t: TestApp;
  let a: Onboarded;
  const clock = testClock();
  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { 'x-forwarded-for': randomIp(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  const staffLogin = async (s: { email: string; password: string }) => {
    const res = await call('POST', '/api/auth/login', undefined, { email: s.email, password: s.password });
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  };

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule({ clock }), createHospitalsModule({ clock })] });
    a = await onboardHospital(t);
  });
  afterAll(async () => t?.close());

  it('gives the admin profile to admins only, and /auth/me to everyone', async () => {
    const profile = await call('GET', '/api/admin/profile', a.token);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.admin).toMatchObject({
      id: a.admin.id,
      email: a.adminEmail,
      hospital: { id: a.hospital.id },
    });

    const nurse = await createStaffAccount(t.platform, a.hospital.id);
    const token = await staffLogin(nurse);
    expect((await call('GET', '/api/admin/profile', token)).statusCode).toBe(403);
    const me = await call('GET', '/api/auth/me', token);
    expect(me.json().data.user).toMatchObject({ id: nurse.userId, role: 'nurse', mustChangePassword: true });
    expect(me.json().data.hospital).toMatchObject({ id: a.hospital.id, hospitalId: a.hospital.hospitalId });
  });

  it('refuses missing, forged and foreign-key tokens', async () => {
    expect((await call('GET', '/api/auth/me')).json()).toEqual(EXPIRED);
    expect((await call('GET', '/api/auth/me', `${a.token}x`)).statusCode).toBe(401);
    const claims = (await t.platform.tokens.verify(a.token))!;
    const forged = await new TokenService('another-secret-another-secret-another-1').sign(
      claims,
      new Date(Date.now() + 3_600_000),
    );
    expect((await call('GET', '/api/auth/me', forged)).statusCode).toBe(401);
  });

  it('ends the session at logout: the token stops working at once', async () => {
    const token = (
      await call('POST', '/api/admin/login', undefined, { email: a.adminEmail, password: a.adminPassword })
    ).json().token;
    const res = await call('POST', '/api/admin/logout', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Logged out successfully' });
    expect((await call('GET', '/api/admin/profile', token)).json()).toEqual(EXPIRED);
    expect((await call('POST', '/api/auth/logout', token)).statusCode).toBe(401);
    const { rows } = await t.platform.pool.query(`select metadata from events where type = 'LoggedOut'`);
    expect(rows[0].metadata.actor.userId).toBe(a.admin.id);
  });

  it('ends sessions after 12 hours, however busy', async () => {
    const nurse = await createStaffAccount(t.platform, a.hospital.id);
    const token = await staffLogin(nurse);
    // Used every 9 minutes, inside the idle time-out (10 by default), up to the last second.
    for (let used = 0; used < 12 * 60 - 9; used += 9) {
      clock.advance(9 * 60_000);
      expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    }
    clock.advance(12 * 3_600_000 - 1000 - 79 * 9 * 60_000);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    clock.advance(1000);
    expect((await call('GET', '/api/auth/me', token)).json()).toEqual(EXPIRED);
  });

  it("ends a staff member's sessions when the account is deactivated or its role changes", async () => {
    const one = await createStaffAccount(t.platform, a.hospital.id, { role: 'doctor' });
    const token = await staffLogin(one);
    await deactivateStaff(t.platform, one);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);

    const two = await createStaffAccount(t.platform, a.hospital.id, { role: 'doctor' });
    const before = await staffLogin(two);
    await updateStaff(t.platform, two, { firstName: 'Bola', lastName: 'Adeyemi', email: two.email, role: 'nurse' });
    expect((await call('GET', '/api/auth/me', before)).statusCode).toBe(401);
    const after = await staffLogin(two);
    expect((await call('GET', '/api/auth/me', after)).json().data.user.role).toBe('nurse');
  });

  describe('change password', () => {
    let staff: StaffFixture;
    beforeAll(async () => {
      staff = await createStaffAccount(t.platform, a.hospital.id, { role: 'receptionist' });
    });

    it.each([
      [
        { currentPassword: 'whatever1', newPassword: 'short' },
        'newPassword',
        'New password must be at least 6 characters long',
      ],
      [
        { currentPassword: 'whatever1', newPassword: 'iloveyou' },
        'newPassword',
        'This password is too common. Choose a less predictable one.',
      ],
      [
        { currentPassword: 'whatever1', newPassword: 'Okra-Soup-77', confirmPassword: 'Okra-Soup-78' },
        'confirmPassword',
        "New passwords don't match",
      ],
    ])('refuses %j', async (payload, field, message) => {
      const token = await staffLogin(staff);
      const res = await call('POST', '/api/auth/change-password', token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field, message }]);
    });

    it('refuses a wrong current password', async () => {
      const token = await staffLogin(staff);
      const res = await call('POST', '/api/auth/change-password', token, {
        currentPassword: 'Not-It-123',
        newPassword: 'Okra-Soup-77',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Current password is incorrect');
    });

    it('changes it, clears the must-change flag, keeps this session and ends the others', async () => {
      const other = await staffLogin(staff);
      const token = await staffLogin(staff);
      const res = await call('POST', '/api/auth/change-password', token, {
        currentPassword: staff.password,
        newPassword: 'Okra-Soup-77',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, message: 'Password changed successfully!' });

      const me = await call('GET', '/api/auth/me', token);
      expect(me.json().data.user.mustChangePassword).toBe(false);
      expect((await call('GET', '/api/auth/me', other)).statusCode).toBe(401);
      const old = await call('POST', '/api/auth/login', undefined, { email: staff.email, password: staff.password });
      expect(old.statusCode).toBe(401);
      await staffLogin({ email: staff.email, password: 'Okra-Soup-77' });
    });

    it('lets only admins use the admin route', async () => {
      const nurse = await createStaffAccount(t.platform, a.hospital.id);
      const token = await staffLogin(nurse);
      const payload = { currentPassword: nurse.password, newPassword: 'Okra-Soup-77' };
      expect((await call('POST', '/api/admin/change-password', token, payload)).statusCode).toBe(403);

      // A fresh sign-in: the clock has moved past the onboarding session's 12 hours by now.
      const login = await call('POST', '/api/admin/login', undefined, {
        email: a.adminEmail,
        password: a.adminPassword,
      });
      const res = await call('POST', '/api/admin/change-password', login.json().token, {
        currentPassword: a.adminPassword,
        newPassword: 'Jollof-Rice-2025',
      });
      expect(res.statusCode).toBe(200);
      expect(
        (await call('POST', '/api/admin/login', undefined, { email: a.adminEmail, password: 'Jollof-Rice-2025' }))
          .statusCode,
      ).toBe(200);
    });
  });
});
