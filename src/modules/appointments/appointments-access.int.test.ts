import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient } from '../../../test/helpers/patients-api';
import { hireAndSignIn, upgradeToHospitalPlan } from '../../../test/helpers/staff-api';
import { taggedRoutes } from '../../platform/http/module-access';
import { moduleRefusedMessage } from '../../shared/access-matrix';

/**
 * The appointment book in the access matrix: every route belongs to Patient Management, whose
 * default roles are the book's (receptionist, nurse, doctor; the admin reads the day's counts),
 * so a hospital that takes the module from a role takes the book from it too.
 */
describe('appointments in the access matrix', () => {
  let t: TestApp;
  let a: Onboarded;
  const tokens: Record<string, string> = {};
  const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: asClient(token), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await sharedTestApp();
    a = await onboardHospital(t);
    await upgradeToHospitalPlan(t, a.token);
    for (const role of ['receptionist', 'nurse', 'doctor'])
      tokens[role] = (await hireAndSignIn(t, a.token, role)).token;
  });
  afterAll(async () => t?.close());

  it('names Patient Management on every appointments route', () => {
    const book = taggedRoutes(t.app).filter((r) => r.url.startsWith('/api/appointments') && r.method !== 'HEAD');
    expect(book.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/appointments',
      'GET /api/appointments/:id',
      'GET /api/appointments/doctors',
      'GET /api/appointments/stats',
      'POST /api/appointments',
      'POST /api/appointments/:id/cancel',
      'POST /api/appointments/:id/check-in',
      'PUT /api/appointments/:id',
    ]);
    for (const r of book) expect(r.modules, `${r.method} ${r.url}`).toEqual(['patients']);
  });

  it('takes the book from the roles the hospital takes Patient Management from, and gives it back', async () => {
    for (const role of ['receptionist', 'nurse', 'doctor'])
      expect((await call(tokens[role]!, 'GET', '/api/appointments')).statusCode, role).toBe(200);

    const saved = await call(a.token, 'PUT', '/api/access-control', {
      modules: [{ module: 'patients', roles: ['admin', 'receptionist'] }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const role of ['nurse', 'doctor']) {
      for (const url of ['/api/appointments', '/api/appointments/doctors', '/api/appointments/stats']) {
        const refused = await call(tokens[role]!, 'GET', url);
        expect(refused.statusCode, `${role} ${url}`).toBe(403);
        expect(refused.json()).toMatchObject({ success: false, message: moduleRefusedMessage('patients') });
      }
      // Refused before the body is read: the module, not the missing fields, answers.
      const booking = await call(tokens[role]!, 'POST', '/api/appointments', {});
      expect(booking.statusCode, role).toBe(403);
      expect(booking.json().message).toBe(moduleRefusedMessage('patients'));
    }
    expect((await call(tokens.receptionist!, 'GET', '/api/appointments')).statusCode).toBe(200);
    // The admin keeps every module: the dashboard's counts still answer.
    const counts = await call(a.token, 'GET', '/api/appointments/stats');
    expect(counts.statusCode, counts.body).toBe(200);

    expect((await call(a.token, 'POST', '/api/access-control/reset')).statusCode).toBe(200);
    for (const role of ['nurse', 'doctor'])
      expect((await call(tokens[role]!, 'GET', '/api/appointments')).statusCode, role).toBe(200);
  });
});
