import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { MINUTE, testClock } from '../../../test/helpers/clock';
import { onboardHospital, randomIp, registrationInput, type Onboarded } from '../../../test/helpers/onboard';
import {
  createStaffAccount,
  deactivateStaff,
  deleteStaff,
  reactivateStaff,
} from '../../../test/helpers/staff-accounts';
import { changeHospitalStatus, createHospitalsModule } from '../hospitals';
import { createIdentityModule } from '.';

const ADMIN_LOGIN = '/api/admin/login';
const STAFF_LOGIN = '/api/auth/login';
const INVALID = { success: false, message: 'Invalid email or password' };

describe('sign-in', () => {
  let t: TestApp;
  let a: Onboarded;
  const clock = testClock();
  const login = (url: string, email: unknown, password: unknown, ip = randomIp()) =>
    t.app.inject({ method: 'POST', url, payload: { email, password }, headers: { 'x-forwarded-for': ip } });
  const eventsOf = async (stream: string) =>
    (
      await t.platform.pool.query<{
        type: string;
        data: Record<string, unknown>;
        metadata: { actor: { userId: string } };
      }>('select type, data, metadata from events where stream_id = $1 order by position', [stream])
    ).rows;

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule({ clock }), createHospitalsModule({ clock })] });
    a = await onboardHospital(t);
  });
  afterAll(async () => t?.close());

  describe('admin', () => {
    it('signs in with the admin answer of the spec and records it', async () => {
      const res = await login(ADMIN_LOGIN, a.adminEmail.toUpperCase(), a.adminPassword);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const user = {
        id: a.admin.id,
        name: 'Ada Okafor',
        email: a.adminEmail,
        initials: 'AO',
        role: 'admin',
        roleId: 0,
        jobTitle: 'Medical Director',
        lastLoginAt: null,
        // The account's first sign-in: the forced change is due (issue 34).
        mustChangePassword: true,
        hospital: { id: a.hospital.id, hospitalId: a.hospital.hospitalId, name: a.hospital.name, status: 'active' },
      };
      expect(body).toEqual({
        success: true,
        message: 'Welcome back, Ada Okafor!',
        token: expect.any(String),
        user,
        data: { token: body.token, user },
      });
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/admin/profile',
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(profile.json().data.admin.id).toBe(a.admin.id);

      const events = await eventsOf(`account-${a.admin.id}`);
      expect(events.at(-1)).toMatchObject({ type: 'LoginSucceeded', metadata: { actor: { userId: a.admin.id } } });

      clock.advance(MINUTE);
      const again = (await login(ADMIN_LOGIN, a.adminEmail, a.adminPassword)).json();
      expect(again.user.lastLoginAt).toBe(events.at(-1)!.data.at);
      // The second sign-in is not a first login, on whatever device.
      expect(again.user.mustChangePassword).toBe(false);
    });

    it('answers a wrong password and an unknown email the same way', async () => {
      const wrong = await login(ADMIN_LOGIN, a.adminEmail, 'Not-The-Password-1');
      const unknown = await login(ADMIN_LOGIN, 'nobody@nowhere.test', 'Not-The-Password-1');
      expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
      expect(wrong.json()).toEqual(INVALID);
      expect(unknown.json()).toEqual(INVALID);
      expect((await eventsOf(`account-${a.admin.id}`)).at(-1)).toMatchObject({
        type: 'LoginFailed',
        data: { reason: 'wrong_password', failedAttempts: 1 },
      });
    });

    it.each([
      [
        { email: '', password: '' },
        [
          { field: 'email', message: 'Email is required' },
          { field: 'password', message: 'Password is required' },
        ],
      ],
      [{ email: 'ada@', password: 'abcdef' }, [{ field: 'email', message: 'Please enter a valid email address' }]],
      [
        { email: 'ada@stluke.test', password: 'abc' },
        [{ field: 'password', message: 'Password must be at least 6 characters' }],
      ],
    ])('answers 400 for %j', async (input, errors) => {
      const res = await login(ADMIN_LOGIN, input.email, input.password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: 'Please check your input and try again', errors });
    });

    it('locks the address after five wrong passwords: its sixth try gets 423 even when right, for 15 minutes', async () => {
      const b = await onboardHospital(t);
      const ip = randomIp();
      for (let i = 0; i < 5; i++)
        expect((await login(ADMIN_LOGIN, b.adminEmail, `Wrong-Guess-${i}`, ip)).statusCode).toBe(401);
      const sixth = await login(ADMIN_LOGIN, b.adminEmail, b.adminPassword, ip);
      expect(sixth.statusCode).toBe(423);
      expect(sixth.json().message).toBe(
        'Account locked due to too many failed login attempts. Try again in 15 minutes.',
      );
      expect((await eventsOf(`account-${b.admin.id}`)).map((e) => e.type)).toContain('AccountLocked');

      clock.advance(10 * MINUTE);
      expect((await login(ADMIN_LOGIN, b.adminEmail, b.adminPassword, ip)).json().message).toBe(
        'Account locked due to too many failed login attempts. Try again in 5 minutes.',
      );
      clock.advance(5 * MINUTE);
      expect((await login(ADMIN_LOGIN, b.adminEmail, b.adminPassword, ip)).statusCode).toBe(200);
    });

    it('refuses sign-in for a hospital that is not active, and its open sessions', async () => {
      const c = await onboardHospital(t);
      await changeHospitalStatus(t.platform, { hospitalId: c.hospital.id, status: 'inactive', reason: 'test' });
      const res = await login(ADMIN_LOGIN, c.adminEmail, c.adminPassword);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Hospital inactive');
      const profile = await t.app.inject({
        method: 'GET',
        url: '/api/admin/profile',
        headers: { authorization: `Bearer ${c.token}` },
      });
      expect(profile.statusCode).toBe(401);
    });
  });

  it('sends an admin who never verified to verification, and only with the password they chose', async () => {
    const input = registrationInput();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/hospital/register-with-verification',
      payload: input,
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(registered.statusCode).toBe(200);
    const { email, password } = input.adminData;
    const res = await login(ADMIN_LOGIN, email, password);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: 'Please verify your email address before logging in.',
      code: 'EMAIL_NOT_VERIFIED',
      email: email.toLowerCase(),
    });
    expect((await login(ADMIN_LOGIN, email, 'Wrong-Password-42')).json()).toEqual(INVALID);
    expect((await login(STAFF_LOGIN, email, password)).json()).toEqual(INVALID);
  });

  describe('staff', () => {
    it('signs in with the staff user of the spec, permissions and the must-change-password flag', async () => {
      const nurse = await createStaffAccount(t.platform, a.hospital.id, { role: 'nurse' });
      const res = await login(STAFF_LOGIN, nurse.email, nurse.password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      const hospital = {
        id: a.hospital.id,
        hospitalId: a.hospital.hospitalId,
        name: a.hospital.name,
        status: 'active',
      };
      expect(body).toEqual({
        success: true,
        message: 'Welcome back, Bola Adeyemi!',
        data: { token: expect.any(String), user: expect.any(Object), hospital },
      });
      expect(body.data.user).toEqual({
        id: nurse.userId,
        firstName: 'Bola',
        lastName: 'Adeyemi',
        fullName: 'Bola Adeyemi',
        name: 'Bola Adeyemi',
        initials: 'BA',
        email: nurse.email,
        role: 'nurse',
        roleId: 2,
        employeeId: expect.stringMatching(/^EMP-\d{4}$/),
        department: 'Outpatients',
        specialization: null,
        phone: '+2348012345678',
        jobTitle: null,
        permissions: [{ module: 'Patient Management', actions: ['read', 'write', 'update', 'delete'] }],
        lastLogin: null,
        profilePicture: null,
        isActive: true,
        mustChangePassword: true,
        hospital,
      });
    });

    it('points someone with the right password to their own door, and tells a stranger nothing', async () => {
      const doctor = await createStaffAccount(t.platform, a.hospital.id, { role: 'doctor' });
      const staffAtAdminDoor = await login(ADMIN_LOGIN, doctor.email, doctor.password);
      const adminAtStaffDoor = await login(STAFF_LOGIN, a.adminEmail, a.adminPassword);
      expect([staffAtAdminDoor.statusCode, adminAtStaffDoor.statusCode]).toEqual([401, 401]);
      expect(staffAtAdminDoor.json()).toEqual({
        success: false,
        message: 'This account signs in on the staff sign-in page.',
        code: 'WRONG_DOOR',
        loginPath: '/user/login',
      });
      expect(adminAtStaffDoor.json()).toEqual({
        success: false,
        message: 'This account signs in on the admin sign-in page.',
        code: 'WRONG_DOOR',
        loginPath: '/admin/login',
      });
      // A wrong password at the wrong door is just a wrong password, and no session was opened.
      expect((await login(STAFF_LOGIN, a.adminEmail, 'Not-The-Password-1')).json()).toEqual(INVALID);
      expect((await login(ADMIN_LOGIN, doctor.email, 'Not-The-Password-1')).json()).toEqual(INVALID);
      const sessions = await t.platform.db
        .selectFrom('identity_sessions')
        .select('session_id')
        .where('user_id', '=', doctor.userId)
        .execute();
      expect(sessions).toEqual([]);
    });

    it('says an account is disabled only to someone with its password', async () => {
      const staff = await createStaffAccount(t.platform, a.hospital.id, { role: 'pharmacist' });
      await deactivateStaff(t.platform, staff);
      expect((await login(STAFF_LOGIN, staff.email, 'Wrong-Password-9')).json()).toEqual(INVALID);
      const res = await login(STAFF_LOGIN, staff.email, staff.password);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Account disabled');

      await reactivateStaff(t.platform, staff);
      expect((await login(STAFF_LOGIN, staff.email, staff.password)).statusCode).toBe(200);

      await deleteStaff(t.platform, staff);
      expect((await login(STAFF_LOGIN, staff.email, staff.password)).json().message).toBe('Account disabled');
    });
  });

  it('limits sign-in attempts per address with a clear 429, leaving other addresses alone', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) statuses.push((await login(STAFF_LOGIN, '', '', ip)).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const limited = await login(STAFF_LOGIN, '', '', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect((await login(STAFF_LOGIN, '', '')).statusCode).toBe(400);
  });
});
