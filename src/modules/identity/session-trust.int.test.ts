import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { MINUTE, testClock } from '../../../test/helpers/clock';
import { LiveSocket, wsBase } from '../../../test/helpers/live-socket';
import { onboardHospital, randomIp, type Onboarded } from '../../../test/helpers/onboard';
import {
  bearer,
  changeTemporaryPassword,
  hireAndSignIn,
  hireStaff,
  readInvitation,
  staffLogin,
} from '../../../test/helpers/staff-api';
import { PASSWORD_CHANGE_REQUIRED } from '../../platform/http/auth';
import { modules } from '../index';
import { createHospitalsModule } from '../hospitals';
import { TEMPORARY_PASSWORD_EXPIRED } from './sign-in-rules';
import { TOUCH_WRITE_MS } from './session-guard';
import { createIdentityModule } from '.';

/**
 * Issue 21, items 3-5: the server, not the browser, holds sessions to temporary passwords, to
 * credential and role changes, and to the hospital's idle time-out.
 */
const EXPIRED = { success: false, message: 'Session expired. Please login again.' };
const HOUR = 60 * MINUTE;

describe('sessions the server holds to account', () => {
  let t: TestApp;
  let a: Onboarded;
  const clock = testClock();
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      payload,
      headers: { ...bearer(token), 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
    });
  /** A fresh admin token, used at once (the test clock may have left the onboarding one idle). */
  const adminToken = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'x-forwarded-for': randomIp() },
      payload: { email: a.adminEmail, password: a.adminPassword },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token as string;
  };

  beforeAll(async () => {
    const clocked = modules.map((m) =>
      m.name === 'identity'
        ? createIdentityModule({ clock })
        : m.name === 'hospitals'
          ? createHospitalsModule({ clock })
          : m,
    );
    t = await startTestApp({ modules: clocked });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    a = await onboardHospital(t);
  });
  afterAll(async () => t?.close());

  describe('a temporary password', () => {
    it('opens a session that may only read its own profile, change the password and sign out', async () => {
      const hired = await hireStaff(t, await adminToken(), { role: 'receptionist' });
      const login = await staffLogin(t, hired.email, hired.password);
      expect(login.json().data.user.mustChangePassword).toBe(true);
      const token = login.json().data.token as string;

      expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
      expect((await call('GET', '/api/hospital/settings', token)).statusCode).toBe(200);
      for (const [method, url] of [
        ['GET', '/api/patients'],
        ['GET', '/api/notifications'],
        ['POST', '/api/patients'],
      ] as const) {
        const refused = await call(method, url, token, method === 'POST' ? {} : undefined);
        expect(refused.statusCode, `${method} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({ success: false, message: PASSWORD_CHANGE_REQUIRED });
      }

      await changeTemporaryPassword(t, token, hired.password);
      expect((await call('GET', '/api/patients', token)).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/me', token)).json().data.user.mustChangePassword).toBe(false);
    });

    it('expires after 72 hours; a new invitation gives one that works', async () => {
      const admin = await adminToken();
      const hired = await hireStaff(t, admin, { role: 'nurse' });
      // The invitation is issued on the wall clock.
      const issuedAt = new Date();
      clock.set(new Date(issuedAt.getTime() + 72 * HOUR + 1000));
      const late = await staffLogin(t, hired.email, hired.password);
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ success: false, message: TEMPORARY_PASSWORD_EXPIRED });

      // Back to the wall clock, so the new password is fresh.
      clock.set(new Date());
      const resent = await call('POST', `/api/users/${hired.id}/invitation`, admin);
      expect(resent.statusCode, resent.body).toBe(200);
      const again = await readInvitation(t, hired.email);
      expect((await staffLogin(t, hired.email, again.temporaryPassword)).statusCode).toBe(200);
      // A wrong password still says only that, expired or not.
      clock.set(new Date(Date.now() + 72 * HOUR + 1000));
      expect((await staffLogin(t, hired.email, 'Not-The-Password-1')).json().message).toBe('Invalid email or password');
      clock.set(new Date());
    });
  });

  describe('a credential or role change ends every other session of that person', () => {
    it('a re-invitation (password reset) ends the old sessions, sockets closed 4001', async () => {
      const admin = await adminToken();
      const nurse = await hireAndSignIn(t, admin, 'nurse');
      const socket = await LiveSocket.connect(wsBase(t.app), nurse.token, 'nurse');
      expect((await call('GET', '/api/patients', nurse.token)).statusCode).toBe(200);

      expect((await call('POST', `/api/users/${nurse.id}/invitation`, admin)).statusCode).toBe(200);
      expect((await call('GET', '/api/patients', nurse.token)).json()).toEqual(EXPIRED);
      expect((await socket.closed).code).toBe(4001);
      // The password it replaced opens nothing either.
      expect((await staffLogin(t, nurse.email, nurse.password)).statusCode).toBe(401);
    });

    it('a role change and back does not revive a token of the old role, socket closed 4001', async () => {
      const admin = await adminToken();
      const nurse = await hireAndSignIn(t, admin, 'nurse');
      const socket = await LiveSocket.connect(wsBase(t.app), nurse.token, 'nurse');
      const toDoctor = await call('PUT', `/api/users/${nurse.id}`, admin, { role: 'doctor' });
      expect(toDoctor.statusCode, toDoctor.body).toBe(200);
      expect((await socket.closed).code).toBe(4001);
      expect((await call('GET', '/api/auth/me', nurse.token)).json()).toEqual(EXPIRED);

      expect((await call('PUT', `/api/users/${nurse.id}`, admin, { role: 'nurse' })).statusCode).toBe(200);
      expect((await call('GET', '/api/auth/me', nurse.token)).json()).toEqual(EXPIRED);
      expect((await call('GET', '/api/patients', nurse.token)).statusCode).toBe(401);
      // A new sign-in works, with the role as it is now.
      const fresh = await staffLogin(t, nurse.email, nurse.password);
      expect(fresh.json().data.user.role).toBe('nurse');
    });

    it('a password change ends the other sessions and their sockets, and keeps the one that made it', async () => {
      const nurse = await hireAndSignIn(t, await adminToken(), 'nurse');
      const other = (await staffLogin(t, nurse.email, nurse.password)).json().data.token as string;
      const socket = await LiveSocket.connect(wsBase(t.app), other, 'other');
      await changeTemporaryPassword(t, nurse.token, nurse.password, 'Yam-Porridge-Lagos-2031');
      expect((await call('GET', '/api/patients', other)).json()).toEqual(EXPIRED);
      expect((await socket.closed).code).toBe(4001);
      expect((await call('GET', '/api/patients', nurse.token)).statusCode).toBe(200);
    });
  });

  describe("the hospital's idle time-out", () => {
    it('ends a session unused for longer than the time-out; each request extends it', async () => {
      const token = await adminToken();
      clock.advance(9 * MINUTE);
      expect((await call('GET', '/api/admin/profile', token)).statusCode).toBe(200);
      clock.advance(9 * MINUTE);
      expect((await call('GET', '/api/users', token)).statusCode).toBe(200);
      clock.advance(10 * MINUTE + 1000);
      expect((await call('GET', '/api/admin/profile', token)).json()).toEqual(EXPIRED);
      expect((await call('GET', '/api/users', token)).statusCode).toBe(401);
    });

    it("follows the hospital's setting, and records a session's last use at most every 30 s, as no event", async () => {
      const admin = await adminToken();
      const saved = await call('PUT', '/api/hospital/settings', admin, { idleTimeoutMinutes: 5 });
      expect(saved.statusCode, saved.body).toBe(200);
      try {
        const token = await adminToken();
        const sessionId = (await t.platform.tokens.verify(token))!.sessionId;
        const lastSeen = async () =>
          (
            await t.platform.db
              .selectFrom('identity_session_activity')
              .select('last_seen_at')
              .where('session_id', '=', sessionId)
              .executeTakeFirst()
          )?.last_seen_at.getTime();
        const events = async () => Number((await t.platform.pool.query('select count(*) from events')).rows[0].count);

        const first = clock().getTime();
        expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
        expect(await lastSeen()).toBe(first);
        const before = await events();
        clock.advance(TOUCH_WRITE_MS - 1000);
        expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
        expect(await lastSeen()).toBe(first);
        clock.advance(2000);
        expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
        expect(await lastSeen()).toBe(first + TOUCH_WRITE_MS + 1000);
        expect(await events()).toBe(before);

        clock.advance(5 * MINUTE - 1000);
        expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
        clock.advance(5 * MINUTE + 1000);
        expect((await call('GET', '/api/auth/me', token)).json()).toEqual(EXPIRED);
      } finally {
        await call('PUT', '/api/hospital/settings', await adminToken(), { idleTimeoutMinutes: 10 });
      }
    });
  });
});
