import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { bearer, hireStaff, uniqueEmail, upgradeToHospitalPlan, usersApi } from '../../../test/helpers/staff-api';

describe('staff API: edit and delete', () => {
  let t: TestApp;
  let a: Onboarded;
  const as = (token: string) => bearer(token);

  beforeAll(async () => {
    t = await sharedTestApp();
    a = await onboardHospital(t);
    // These tests need more than the Clinic plan's six staff; the limit has its own file.
    await upgradeToHospitalPlan(t, a.token);
  });
  afterAll(async () => t?.close());

  const { post, put, list } = usersApi(
    () => t,
    () => a.token,
  );

  it('edits name, email and role, releasing the old email for reuse', async () => {
    const m = await hireStaff(t, a.token, { role: 'nurse' });
    const newEmail = uniqueEmail('renamed');
    const res = await put(m.id, {
      firstName: 'Kemi',
      lastName: 'Ajayi',
      email: newEmail.toUpperCase(),
      role: 'doctor',
      isActive: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User updated successfully');
    expect(res.json().data.user).toMatchObject({
      firstName: 'Kemi',
      lastName: 'Ajayi',
      email: newEmail,
      role: 'doctor',
      isActive: true,
      version: 2,
    });
    const events = await t.platform.store.readStream(`staff-${m.id}`);
    expect(events[1]).toMatchObject({
      type: 'StaffMemberUpdated',
      data: { userId: m.id, firstName: 'Kemi', lastName: 'Ajayi', email: newEmail, role: 'doctor' },
    });
    // The old address is free again; the new one is taken.
    expect((await post({ firstName: 'New', lastName: 'Owner', email: m.email, role: 'nurse' })).statusCode).toBe(201);
    expect((await post({ firstName: 'Other', lastName: 'One', email: newEmail, role: 'nurse' })).statusCode).toBe(409);
  });

  it("refuses to take another account's email on edit", async () => {
    const m = await hireStaff(t, a.token, { role: 'nurse' });
    const res = await put(m.id, { email: a.adminEmail });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A user with this email already exists');
  });

  it('refuses the admin role on edit', async () => {
    const m = await hireStaff(t, a.token, { role: 'nurse' });
    const res = await put(m.id, { role: 'admin' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Admin accounts are created only through hospital onboarding');
  });

  it('refuses to let the admin deactivate or delete themself', async () => {
    const deactivate = await put(a.admin.id, { isActive: false });
    expect(deactivate.statusCode).toBe(400);
    expect(deactivate.json().message).toBe('You cannot deactivate your own account');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${a.admin.id}`, headers: as(a.token) });
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe('You cannot delete your own account');
  });

  it('answers a stale version (body or If-Match) with 409 and changes nothing', async () => {
    const m = await hireStaff(t, a.token, { role: 'nurse' });
    expect((await put(m.id, { firstName: 'First', expectedVersion: 1 })).statusCode).toBe(200);
    const stale = await put(m.id, { firstName: 'Second', expectedVersion: 1 });
    expect(stale.statusCode).toBe(409);
    const staleHeader = await put(m.id, { firstName: 'Third' }, { 'if-match': '"1"' });
    expect(staleHeader.statusCode).toBe(409);
    expect((await put(m.id, { firstName: 'Fourth' }, { 'if-match': '"2"' })).statusCode).toBe(200);
    const events = await t.platform.store.readStream(`staff-${m.id}`);
    expect(events.map((e) => (e.data as { firstName?: string }).firstName)).toEqual(['Chidi', 'First', 'Fourth']);
  });

  it('lets only one of two concurrent edits made from the same version win', async () => {
    const m = await hireStaff(t, a.token, { role: 'nurse' });
    const [r1, r2] = await Promise.all([
      put(m.id, { lastName: 'Left', expectedVersion: 1 }),
      put(m.id, { role: 'doctor', isActive: false, expectedVersion: 1 }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect(await t.platform.store.readStream(`staff-${m.id}`)).toHaveLength(r1.statusCode === 200 ? 2 : 3);
  });

  it('deletes a member: gone from list and stats, its email free again, a second delete 404', async () => {
    const m = await hireStaff(t, a.token, { role: 'accountant' });
    const before = (await t.app.inject({ method: 'GET', url: '/api/users/stats', headers: as(a.token) })).json().data;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/users/${m.id}`, headers: as(a.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'User deleted successfully' });
    expect((await list(`search=${m.employeeId}`)).users).toEqual([]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/users/stats', headers: as(a.token) })).json().data;
    expect(after.totalUsers).toBe(before.totalUsers - 1);
    expect(after.plan.usedSeats).toBe(before.plan.usedSeats - 1);
    const get = await t.app.inject({ method: 'GET', url: `/api/users/${m.id}`, headers: as(a.token) });
    expect(get.statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/users/${m.id}`, headers: as(a.token) });
    expect(again.statusCode).toBe(404);
    expect((await post({ firstName: 'Re', lastName: 'Used', email: m.email, role: 'nurse' })).statusCode).toBe(201);
  });
});
