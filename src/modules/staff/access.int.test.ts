import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { bearer, hireAndSignIn, hireStaff, uniqueEmail } from '../../../test/helpers/staff-api';

describe('staff API: who may call it', () => {
  let t: TestApp;
  let a: Onboarded;
  let b: Onboarded;

  beforeAll(async () => {
    t = await sharedTestApp();
    [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
  });
  afterAll(async () => t?.close());

  const routes = (id: string) =>
    [
      { method: 'GET', url: '/api/users' },
      { method: 'GET', url: '/api/users/stats' },
      { method: 'GET', url: `/api/users/${id}` },
      {
        method: 'POST',
        url: '/api/users',
        payload: { firstName: 'X', lastName: 'Y', email: uniqueEmail(), role: 'nurse' },
      },
      // Invalid on purpose: the role check comes before input validation.
      { method: 'POST', url: '/api/users', payload: { hospital: 'x' } },
      { method: 'PUT', url: `/api/users/${id}`, payload: { isActive: false } },
      { method: 'DELETE', url: `/api/users/${id}` },
      { method: 'PUT', url: '/api/users/plan', payload: { plan: 'hospital' } },
    ] as const;

  it('refuses every /api/users route to staff roles with 403', async () => {
    const victim = await hireStaff(t, a.token, { role: 'nurse' });
    for (const role of ['doctor', 'receptionist']) {
      const staff = await hireAndSignIn(t, a.token, role);
      for (const r of routes(victim.id)) {
        const res = await t.app.inject({ ...r, headers: bearer(staff.token) });
        expect(res.statusCode, `${role} ${r.method} ${r.url}`).toBe(403);
        expect(res.json()).toEqual({ success: false, message: 'Access denied. Admin role required.' });
      }
    }
    const events = await t.platform.store.readStream(`staff-${victim.id}`);
    expect(events.map((e) => e.type)).toEqual(['StaffMemberCreated']);
  });

  it('refuses callers without a valid session with 401', async () => {
    for (const r of routes('x')) {
      const res = await t.app.inject({ ...r });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      const forged = await t.app.inject({ ...r, headers: bearer(`${a.token}x`) });
      expect(forged.statusCode).toBe(401);
    }
  });

  it("answers 404 'User not found' for another hospital's member and leaves it untouched", async () => {
    const theirs = await hireStaff(t, b.token, { role: 'doctor', firstName: 'Hidden', lastName: 'Person' });
    const get = await t.app.inject({ method: 'GET', url: `/api/users/${theirs.id}`, headers: bearer(a.token) });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${theirs.id}`,
      headers: bearer(a.token),
      payload: { firstName: 'Taken', isActive: false },
    });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${theirs.id}`, headers: bearer(a.token) });
    // A version (right or stale) must not turn the 404 into a 409 that confirms the id exists.
    const versioned = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${theirs.id}`,
      headers: bearer(a.token),
      payload: { firstName: 'Taken', expectedVersion: 7 },
    });
    const delVersioned = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${theirs.id}`,
      headers: { ...bearer(a.token), 'if-match': '"1"' },
    });
    for (const res of [get, put, del, versioned, delVersioned]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'User not found' });
    }
    const events = await t.platform.store.readStream(`staff-${theirs.id}`);
    expect(events.map((e) => e.type)).toEqual(['StaffMemberCreated']);

    const list = await t.app.inject({ method: 'GET', url: '/api/users?search=Hidden', headers: bearer(a.token) });
    expect(list.json().data.users).toEqual([]);
    const own = await t.app.inject({ method: 'GET', url: '/api/users?search=Hidden', headers: bearer(b.token) });
    expect(own.json().data.users.map((u: { id: string }) => u.id)).toEqual([theirs.id]);
  });

  it("keeps each hospital's employee numbers, lists and stats apart", async () => {
    const c = await onboardHospital(t);
    const first = await hireStaff(t, c.token, { role: 'nurse' });
    expect(first.employeeId).toBe('EMP-0001');
    const stats = await t.app.inject({ method: 'GET', url: '/api/users/stats', headers: bearer(c.token) });
    expect(stats.json().data).toMatchObject({
      totalUsers: 1,
      active: 1,
      inactive: 0,
      plan: { code: 'clinic', usedSeats: 2 },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(c.token) });
    expect(list.json().data.users.map((u: { id: string }) => u.id)).toEqual([first.id]);
  });

  it('answers an unknown or malformed id with 404', async () => {
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${id}`,
        headers: bearer(a.token),
        payload: { firstName: 'X' },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
