import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import {
  bearer,
  hireStaff,
  readInvitation,
  uniqueEmail,
  upgradeToHospitalPlan,
  usersApi,
} from '../../../test/helpers/staff-api';

describe('staff API: create and list', () => {
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

  it('creates a staff member with an employee ID, records the event and emails the credentials', async () => {
    const email = uniqueEmail('Amaka').toUpperCase();
    const res = await post({ firstName: ' Amaka ', lastName: 'Nwosu', email, role: 'pharmacist' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('User created successfully! Invitation email sent.');
    const user = body.data.user;
    expect(user).toMatchObject({
      firstName: 'Amaka',
      lastName: 'Nwosu',
      email: email.toLowerCase(),
      role: 'pharmacist',
      roleId: 5,
      roleLabel: 'Pharmacist',
      isActive: true,
      department: null,
      specialization: null,
      phone: null,
      version: 1,
    });
    expect(user._id).toBe(user.id);
    expect(user.employeeId).toMatch(/^EMP-\d{4}$/);
    expect(body.data).not.toHaveProperty('temporaryPassword');

    const invitation = await readInvitation(t, email.toLowerCase());
    expect(invitation.employeeId).toBe(user.employeeId);
    expect(invitation.temporaryPassword).toHaveLength(14);
    expect(invitation.text).toContain(`${t.config.publicUrl}/user/login`);

    const events = await t.platform.store.readStream(`staff-${user.id}`);
    expect(events.map((e) => e.type)).toEqual(['StaffMemberCreated']);
    const data = events[0]!.data as Record<string, string>;
    expect(data).toMatchObject({
      userId: user.id,
      hospitalId: a.hospital.id,
      employeeId: user.employeeId,
      role: 'pharmacist',
    });
    // No password or hash in the staff event: the account and its credentials are identity's.
    expect(data).not.toHaveProperty('passwordHash');
    const account = await t.platform.store.readStream(`account-${user.id}`);
    expect(account.map((e) => e.type)).toEqual(['AccountProvisioned', 'TemporaryPasswordIssued', 'InvitationSent']);
    expect((account[1]!.data as { passwordHash: string }).passwordHash).toMatch(/^\$argon2id\$/);
    // The plain password exists only in the mail: no event anywhere carries it.
    const everything = await t.platform.store.readAll({ after: null, limit: 10_000 });
    expect(JSON.stringify(everything.map((e) => [e.data, e.metadata]))).not.toContain(invitation.temporaryPassword);
  });

  it('gives each member the next employee ID of the hospital', async () => {
    const first = await hireStaff(t, a.token, { role: 'nurse' });
    const second = await hireStaff(t, a.token, { role: 'nurse' });
    expect(Number(second.employeeId.slice(4))).toBe(Number(first.employeeId.slice(4)) + 1);
  });

  it('accepts the aliases lab_staff and billing_staff as lab_technician and accountant', async () => {
    const lab = await post({ firstName: 'Tunde', lastName: 'Bello', email: uniqueEmail(), role: 'lab_staff' });
    const billing = await post({ firstName: 'Ngozi', lastName: 'Ade', email: uniqueEmail(), role: 'billing_staff' });
    expect(lab.json().data.user).toMatchObject({ role: 'lab_technician', roleId: 4, roleLabel: 'Lab Staff' });
    expect(billing.json().data.user).toMatchObject({ role: 'accountant', roleId: 6, roleLabel: 'Billing Staff' });
  });

  it('refuses the admin role and unknown roles', async () => {
    const admin = await post({ firstName: 'New', lastName: 'Admin', email: uniqueEmail(), role: 'admin' });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().message).toBe('Admin accounts are created only through hospital onboarding');
    const unknown = await post({ firstName: 'New', lastName: 'Person', email: uniqueEmail(), role: 'surgeon' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'role' })]);
  });

  it('answers missing or malformed fields with one message per field', async () => {
    const res = await post({ firstName: '', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'First name is required' },
        { field: 'lastName', message: 'Last name is required' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'role', message: 'Role is required' },
      ]),
    );
  });

  it('refuses a second account with the same email, whatever its case, also the admin email', async () => {
    const email = uniqueEmail();
    expect((await post({ firstName: 'One', lastName: 'A', email, role: 'doctor' })).statusCode).toBe(201);
    for (const taken of [email.toUpperCase(), a.adminEmail]) {
      const res = await post({ firstName: 'Two', lastName: 'B', email: taken, role: 'nurse' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A user with this email already exists');
    }
    expect((await list(`search=${encodeURIComponent(email)}`)).pagination.total).toBe(1);
  });

  it('refuses fields other than name, email, role and active status (no mass assignment)', async () => {
    const smuggled = await post({
      firstName: 'Eve',
      lastName: 'X',
      email: uniqueEmail(),
      role: 'nurse',
      hospital: 'other',
      password: 'x',
    });
    expect(smuggled.statusCode).toBe(400);
    const m = await hireStaff(t, a.token, { role: 'nurse' });
    for (const payload of [
      { hospital: 'other' },
      { password: 'Secret-123456' },
      { employeeId: 'EMP-9999' },
      { firstName: 'Ok', hospitalId: 'x' },
    ]) {
      const res = await put(m.id, payload);
      expect(res.statusCode).toBe(400);
    }
    const events = await t.platform.store.readStream(`staff-${m.id}`);
    expect(events.map((e) => e.type)).toEqual(['StaffMemberCreated']);
  });

  it('searches by first, last and full name, email and employee ID, case-insensitively', async () => {
    const m = await hireStaff(t, a.token, { role: 'receptionist', firstName: 'Zainab', lastName: 'Quadri' });
    for (const search of [
      'zainab',
      'QUADRI',
      'Zainab Quadri',
      m.email.slice(0, 12).toUpperCase(),
      m.employeeId.toLowerCase(),
    ]) {
      const found = await list(`search=${encodeURIComponent(search)}`);
      expect(
        found.users.map((u) => u.id),
        search,
      ).toEqual([m.id]);
    }
    expect((await list('search=%25')).pagination.total).toBe(0);
  });

  it('filters by role (code or alias) and by status', async () => {
    const lab = await hireStaff(t, a.token, { role: 'lab_technician' });
    const labs = await list('role=lab_staff&limit=100');
    expect(labs.users.length).toBeGreaterThan(0);
    expect(labs.users.every((u) => (u as unknown as { role: string }).role === 'lab_technician')).toBe(true);
    expect(labs.users.map((u) => u.id)).toContain(lab.id);

    expect((await put(lab.id, { isActive: false })).statusCode).toBe(200);
    const inactive = await list('status=inactive&limit=100');
    expect(inactive.users.map((u) => u.id)).toEqual([lab.id]);
    const active = await list('status=Active&limit=100');
    expect(active.users.map((u) => u.id)).not.toContain(lab.id);
    expect(active.pagination.total + inactive.pagination.total).toBe((await list('limit=100')).pagination.total);
    const bad = await t.app.inject({ method: 'GET', url: '/api/users?role=surgeon', headers: as(a.token) });
    expect(bad.statusCode).toBe(400);
  });

  it('pages the list, newest first, 10 per page by default and at most 100', async () => {
    const all = await list('limit=100');
    const total = all.pagination.total;
    expect(total).toBeGreaterThan(4);
    expect((await list('')).pagination).toEqual({ page: 1, limit: 10, total, pages: Math.ceil(total / 10) });
    const page2 = await list('page=2&limit=2');
    expect(page2.pagination).toEqual({ page: 2, limit: 2, total, pages: Math.ceil(total / 2) });
    expect(page2.users.map((u) => u.id)).toEqual(all.users.slice(2, 4).map((u) => u.id));
    const tooMany = await t.app.inject({ method: 'GET', url: '/api/users?limit=101', headers: as(a.token) });
    expect(tooMany.statusCode).toBe(400);
  });

  it('counts users by role and status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/stats', headers: as(a.token) });
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    const all = await list('limit=100');
    expect(stats.totalUsers).toBe(all.pagination.total);
    expect(stats.active + stats.inactive).toBe(stats.totalUsers);
    expect(Object.values(stats.byRole as Record<string, number>).reduce((s, n) => s + n, 0)).toBe(stats.totalUsers);
    expect(stats.byRole.pharmacist).toBeGreaterThan(0);
    expect(stats.plan).toMatchObject({
      code: 'hospital',
      name: 'Hospital',
      maxUsers: null,
      usedSeats: stats.totalUsers + 1,
    });
  });
});
