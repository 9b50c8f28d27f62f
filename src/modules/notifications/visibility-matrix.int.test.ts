import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleCode } from '../../shared/roles';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { LiveSocket, wsBase, type LiveMessage } from '../../../test/helpers/live-socket';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient, newPatient } from '../../../test/helpers/patients-api';
import { hireAndSignIn, uniqueEmail, upgradeToHospitalPlan } from '../../../test/helpers/staff-api';

const STAFF = ['doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist', 'accountant'] as const;
const ROLES: RoleCode[] = ['admin', ...STAFF];

/**
 * product-spec-1 §6, written out by hand (not derived from the code under test): for each
 * message, the roles that receive it and whether they get the popup. A role not listed must not
 * receive it at all. Patient status changes are keyed by the new status.
 */
const desks = (notify: boolean) => ({ admin: notify, doctor: notify, nurse: notify, receptionist: notify });
const EXPECTED: Record<string, Partial<Record<RoleCode, boolean>>> = {
  patient_created: desks(true),
  patient_updated: desks(true),
  patient_vitals_updated: { admin: true, doctor: true, nurse: true },
  'status:consultation': { admin: true, doctor: true, nurse: true, receptionist: false },
  'status:test complete': {
    admin: true,
    doctor: true,
    nurse: true,
    receptionist: false,
    lab_technician: true,
    pharmacist: true,
  },
  'status:refer for test': { admin: true, doctor: true, nurse: false, receptionist: false, lab_technician: true },
  'status:seen': { admin: true, doctor: false, nurse: false, receptionist: false },
  'status:discharged': { admin: true, doctor: false, nurse: false, receptionist: true, pharmacist: true },
  'status:active': { admin: true, doctor: false, nurse: false, receptionist: false },
  'status:transferred': { admin: true, doctor: false, nurse: false, receptionist: false },
  'status:waiting': { admin: true, doctor: false, nurse: true, receptionist: true },
  patient_deleted: desks(false),
  user_created: { admin: true },
  user_updated: { admin: true },
  user_status_changed: { admin: true },
  user_deleted: { admin: true },
  hospital_announcement: Object.fromEntries(ROLES.map((r) => [r, true])),
};
const STATUSES = [
  'consultation',
  'test complete',
  'refer for test',
  'seen',
  'discharged',
  'active',
  'transferred',
  'waiting',
];

const keyOf = (m: LiveMessage) => (m.type === 'patient_status_changed' ? `status:${m.data.newStatus}` : m.type);
const isNews = (m: LiveMessage) => !['connection', 'pong'].includes(m.type) && m.data.message !== 'end of test';

describe('who receives which message (product-spec-1 §6), over real sockets', () => {
  let t: TestApp;
  let a: Onboarded;
  let b: Onboarded;
  const tokens = {} as Record<RoleCode, string>;
  const ids = {} as Record<RoleCode, string>;
  const socketsA = {} as Record<RoleCode, LiveSocket>;
  const socketsB = {} as Record<RoleCode, LiveSocket>;

  const call = (token: string, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: asClient(token), ...(payload && { payload }) }).then((res) => {
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    });

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
    await upgradeToHospitalPlan(t, a.token);
    tokens.admin = a.token;
    ids.admin = a.admin.id;
    const tokensB = { admin: b.token } as Record<RoleCode, string>;
    for (const role of STAFF) {
      const hired = await hireAndSignIn(t, a.token, role);
      tokens[role] = hired.token;
      ids[role] = hired.id;
      tokensB[role] = (await hireAndSignIn(t, b.token, role)).token;
    }
    const base = wsBase(t.app);
    for (const role of ROLES) {
      socketsA[role] = await LiveSocket.connect(base, tokens[role], `A ${role}`);
      socketsB[role] = await LiveSocket.connect(base, tokensB[role], `B ${role}`);
    }
  });
  afterAll(async () => {
    await Promise.all([...Object.values(socketsA), ...Object.values(socketsB)].map((s) => s.close()));
    await t?.close();
  });

  it('delivers every message to exactly the roles of §6, with notify where they get the popup, never to another hospital', async () => {
    const order: string[] = [];
    const step = async (key: string, action: () => Promise<unknown>) => {
      await action();
      order.push(key);
    };

    // Patients: the receptionist registers, edits and deletes; the nurse measures; the doctor and admin move.
    let patientId = '';
    let version = 0;
    await step('patient_created', async () => {
      ({ id: patientId, version } = (
        await call(tokens.receptionist, 'POST', '/api/patients', newPatient())
      ).data.patient);
    });
    await step('patient_updated', () =>
      call(tokens.receptionist, 'PUT', `/api/patients/${patientId}`, { address: '3 Marina, Lagos', version }),
    );
    await step('patient_vitals_updated', () =>
      call(tokens.nurse, 'POST', `/api/patients/${patientId}/vitals`, { pulseRate: 72 }),
    );
    for (const status of STATUSES) {
      await step(`status:${status}`, () =>
        call(tokens.admin, 'PATCH', `/api/patients/${patientId}/status`, { status }),
      );
    }
    await step('patient_deleted', () => call(tokens.receptionist, 'DELETE', `/api/patients/${patientId}`));

    // Staff changes: a new member (not connected), then the accountant's own profile.
    let userId = '';
    await step('user_created', async () => {
      const payload = { firstName: 'Musa', lastName: 'Garba', email: uniqueEmail('live'), role: 'lab_staff' };
      userId = (await call(tokens.admin, 'POST', '/api/users', payload)).data.user.id;
    });
    await step('user_updated', () => call(tokens.admin, 'PUT', `/api/users/${userId}`, { lastName: 'Bello' }));
    await step('user_status_changed', () => call(tokens.admin, 'PUT', `/api/users/${userId}`, { isActive: false }));
    await step('user_status_changed', () => call(tokens.admin, 'PUT', `/api/users/${userId}`, { isActive: true }));
    await step('user_deleted', () => call(tokens.admin, 'DELETE', `/api/users/${userId}`));
    await step('user_updated', () =>
      call(tokens.admin, 'PUT', `/api/users/${ids.accountant}`, { lastName: 'Adeyemi' }),
    );
    await step('hospital_announcement', () =>
      call(tokens.admin, 'POST', '/api/announcements', { message: 'Fire drill at noon', priority: 'high' }),
    );

    // Everything is pushed in feed order: once each socket has the closing announcement, the rest has arrived.
    await call(a.token, 'POST', '/api/announcements', { message: 'end of test' });
    await call(b.token, 'POST', '/api/announcements', { message: 'end of test' });
    const end = (m: LiveMessage) => m.data.message === 'end of test';
    await Promise.all(
      [...Object.values(socketsA), ...Object.values(socketsB)].map((s) => s.next('hospital_announcement', end)),
    );

    for (const role of ROLES) {
      const expected = order.flatMap((key) => {
        const notify = EXPECTED[key]![role];
        return notify === undefined ? [] : [[key, notify]];
      });
      // The accountant alone is told their profile changed, right after the admins hear of it.
      if (role === 'accountant') expected.splice(expected.length - 1, 0, ['profile_updated', true]);
      const got = socketsA[role].received.filter(isNews).map((m) => [keyOf(m), m.data.notify]);
      expect(got, `hospital A, ${role}`).toEqual(expected);
      expect(socketsB[role].received.filter(isNews), `hospital B, ${role}`).toEqual([]);
    }
  });

  it('carries the payload of §3, the priority of §4 and the event time', async () => {
    const admin = socketsA.admin.received.filter(isNews);
    const created = admin.find((m) => m.type === 'patient_created')!;
    expect(created.data).toMatchObject({
      patient: { name: expect.any(String), fullName: expect.any(String), identificationNumber: expect.any(String) },
      createdBy: { name: expect.any(String) },
      title: 'New Patient Registered',
      priority: 'normal',
      notificationId: expect.stringMatching(/^\d+$/),
    });
    const consultation = admin.find((m) => keyOf(m) === 'status:consultation')!;
    expect(consultation.data).toMatchObject({ oldStatus: 'waiting', newStatus: 'consultation', priority: 'high' });
    expect(consultation.data.message).toMatch(/ is now In Consultation$/);
    expect(admin.find((m) => keyOf(m) === 'status:refer for test')!.data.priority).toBe('medium');
    expect(admin.find((m) => keyOf(m) === 'status:discharged')!.data.priority).toBe('low');
    const announcement = admin.find((m) => m.type === 'hospital_announcement')!;
    expect(announcement.data).toMatchObject({
      announcement: { message: 'Fire drill at noon', priority: 'high' },
      announcedBy: { id: a.admin.id, name: a.admin.name },
      priority: 'high',
    });
    const userCreated = admin.find((m) => m.type === 'user_created')!;
    expect(userCreated.data.user).toMatchObject({
      firstName: 'Musa',
      lastName: 'Garba',
      role: 'lab_technician',
      roleLabel: 'Lab Staff',
      isActive: true,
    });
    const user = userCreated.data.user as { id: string; _id: string };
    expect(user._id).toBe(user.id);
    expect(JSON.stringify(userCreated.data)).not.toMatch(/password/i);
    const [deactivated, reactivated] = admin.filter((m) => m.type === 'user_status_changed');
    expect(deactivated!.data).toMatchObject({ newStatus: false, user: { id: user.id, isActive: false } });
    expect(reactivated!.data).toMatchObject({ newStatus: true, user: { id: user.id, isActive: true } });
    const profile = socketsA.accountant.received.find((m) => m.type === 'profile_updated')!;
    expect(profile.data).toMatchObject({ message: `Your profile was updated by ${a.admin.name}`, notify: true });
    const deleted = admin.find((m) => m.type === 'user_deleted')!;
    expect(deleted.data).toMatchObject({ userName: 'Musa Bello' });
    expect(Date.parse(created.timestamp)).toBeLessThanOrEqual(Date.parse(consultation.timestamp));
  });
});
