import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital } from '../../../test/helpers/onboard';
import { bearer, hireStaff, uniqueEmail } from '../../../test/helpers/staff-api';

const LIMIT_MESSAGE = 'The Clinic plan allows up to 7 users. Upgrade to the Hospital plan to add more.';

describe('the Clinic plan: up to 7 users, the admin included', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await sharedTestApp();
  });
  afterAll(async () => t?.close());

  const create = (token: string, email = uniqueEmail('seat')) =>
    t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(token),
      payload: { firstName: 'Seat', lastName: 'Holder', email, role: 'nurse' },
    });
  const stats = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/users/stats', headers: bearer(token) })).json().data;

  it('holds the admin and six staff, and refuses the eighth user with 403 naming the plan and the limit', async () => {
    const h = await onboardHospital(t);
    // The plan comes from the hospitals module's HospitalRegistered event.
    expect(
      await t.platform.runner.waitFor((await t.platform.store.headPosition())!, [{ name: 'staff-hospital-plans' }]),
    ).toBe(true);
    const registered = await t.platform.db
      .selectFrom('staff_hospital_plans')
      .select('plan')
      .where('hospital_id', '=', h.hospital.id)
      .executeTakeFirst();
    expect(registered).toEqual({ plan: 'clinic' });
    for (let i = 0; i < 6; i++) expect((await create(h.token)).statusCode).toBe(201);
    const eighth = await create(h.token);
    expect(eighth.statusCode).toBe(403);
    expect(eighth.json()).toEqual({ success: false, message: LIMIT_MESSAGE });
    expect(await stats(h.token)).toMatchObject({ totalUsers: 6, plan: { code: 'clinic', maxUsers: 7, usedSeats: 7 } });
  });

  it('refuses to overrun the limit when admins create users at the same moment', async () => {
    const h = await onboardHospital(t);
    for (let i = 0; i < 4; i++) expect((await create(h.token)).statusCode).toBe(201);
    const emails = Array.from({ length: 5 }, () => uniqueEmail('race'));
    const answers = await Promise.all(emails.map((email) => create(h.token, email)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 201, 403, 403, 403]);
    const list = (await t.app.inject({ method: 'GET', url: '/api/users?limit=100', headers: bearer(h.token) })).json()
      .data;
    expect(list.pagination.total).toBe(6);
    const ids = list.users.map((u: { employeeId: string }) => u.employeeId).sort();
    expect(ids).toEqual(['EMP-0001', 'EMP-0002', 'EMP-0003', 'EMP-0004', 'EMP-0005', 'EMP-0006']);
    // A refused creation leaves nothing behind: its email can be used once a seat is free.
    const refusedEmail = emails[answers.findIndex((r) => r.statusCode === 403)]!;
    const someone = list.users[0] as { id: string };
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${someone.id}`, headers: bearer(h.token) })).statusCode,
    ).toBe(200);
    expect((await create(h.token, refusedEmail)).statusCode).toBe(201);
  });

  it('counts deactivated members; deleting one frees its seat without reusing its employee number', async () => {
    const h = await onboardHospital(t);
    const staff = [];
    for (let i = 0; i < 6; i++) staff.push(await hireStaff(t, h.token, { role: 'receptionist' }));
    const deactivate = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${staff[0]!.id}`,
      headers: bearer(h.token),
      payload: { isActive: false },
    });
    expect(deactivate.statusCode).toBe(200);
    expect((await create(h.token)).statusCode).toBe(403);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${staff[5]!.id}`, headers: bearer(h.token) });
    expect(del.statusCode).toBe(200);
    const again = await create(h.token);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.user.employeeId).toBe('EMP-0007');
    expect((await create(h.token)).statusCode).toBe(403);
  });

  it('lifts the limit on the Hospital plan and restores it on a downgrade', async () => {
    const h = await onboardHospital(t);
    for (let i = 0; i < 6; i++) expect((await create(h.token)).statusCode).toBe(201);
    const upgrade = await t.app.inject({
      method: 'PUT',
      url: '/api/users/plan',
      headers: bearer(h.token),
      payload: { plan: 'hospital' },
    });
    expect(upgrade.statusCode).toBe(200);
    expect(upgrade.json().data).toEqual({ code: 'hospital', name: 'Hospital', maxUsers: null, usedSeats: 7 });
    for (let i = 0; i < 3; i++) expect((await create(h.token)).statusCode).toBe(201);

    const downgrade = await t.app.inject({
      method: 'PUT',
      url: '/api/users/plan',
      headers: bearer(h.token),
      payload: { plan: 'clinic' },
    });
    expect(downgrade.statusCode).toBe(200);
    // Existing accounts keep working; no new ones until the hospital is back under the limit.
    expect(await stats(h.token)).toMatchObject({ totalUsers: 9, plan: { code: 'clinic', usedSeats: 10 } });
    expect((await create(h.token)).statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/users/plan',
      headers: bearer(h.token),
      payload: { plan: 'gold' },
    });
    expect(bad.statusCode).toBe(400);
  });
});
