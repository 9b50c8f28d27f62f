import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient, newPatient } from '../../../test/helpers/patients-api';
import { hireAndSignIn } from '../../../test/helpers/staff-api';
import { NOTIFICATIONS } from './read-models/notification-history';

type Item = { id: string; type: string; title: string; message: string; priority: string; read: boolean };
type Inbox = { notifications: Item[]; unreadCount: number };

describe('notification history, read marks and announcements', () => {
  let t: TestApp;
  let a: Onboarded;
  let b: Onboarded;
  let doctor: string;
  let otherDoctor: string;
  let receptionist: string;
  let pharmacist: string;

  const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? asClient(token) : { 'content-type': 'application/json' },
      ...(payload && { payload }),
    });
  /** Waits until the notifier projection has passed every event appended so far. */
  const settled = async () =>
    expect(await t.platform.waitFor(await t.platform.store.headPosition(), [{ name: NOTIFICATIONS }], 10_000)).toBe(
      true,
    );
  const inbox = async (token: string, query = ''): Promise<Inbox> => {
    await settled();
    const res = await call(token, 'GET', `/api/notifications${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const register = async (lastName: string) => {
    const res = await call(receptionist, 'POST', '/api/patients', newPatient({ lastName }));
    expect(res.statusCode).toBe(201);
    return res.json().data.patient as { id: string };
  };
  const lastNames = (i: Inbox) => i.notifications.map((n) => n.message.split(' was registered')[0]!.split(' ').pop());

  beforeAll(async () => {
    t = await startTestApp();
    [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
    doctor = (await hireAndSignIn(t, a.token, 'doctor')).token;
    otherDoctor = (await hireAndSignIn(t, a.token, 'doctor')).token;
    receptionist = (await hireAndSignIn(t, a.token, 'receptionist')).token;
    pharmacist = (await hireAndSignIn(t, a.token, 'pharmacist')).token;
  });
  afterAll(async () => t?.close());

  it('lists the popups of the reader’s role, newest first, and refuses a bad limit or no token', async () => {
    const one = await register('Alpha');
    await register('Beta');
    await register('Gamma');
    // 'seen' is no popup for a doctor (§6): not in the doctor's bell.
    expect(
      (await call(a.token, 'PATCH' as 'POST', `/api/patients/${one.id}/status`, { status: 'seen' })).statusCode,
    ).toBe(200);

    const all = await inbox(doctor);
    expect(lastNames(all)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect(all.unreadCount).toBe(3);
    expect(all.notifications[0]).toMatchObject({
      type: 'patient_created',
      title: 'New Patient Registered',
      read: false,
    });
    expect(lastNames(await inbox(doctor, '?limit=2'))).toEqual(['Gamma', 'Beta']);
    // The admin gets every status change; the pharmacist none of these.
    expect((await inbox(a.token)).notifications.map((n) => n.type)).toContain('patient_status_changed');
    expect((await inbox(pharmacist)).notifications).toEqual([]);
    // Another hospital sees nothing of it.
    expect((await inbox(b.token)).notifications).toEqual([]);

    for (const bad of ['0', '51', 'abc']) {
      const res = await call(doctor, 'GET', `/api/notifications?limit=${bad}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await call(null, 'GET', '/api/notifications')).statusCode).toBe(401);
  });

  it('marks some or all read for the reader only; later ones stay unread', async () => {
    const before = await inbox(doctor);
    const newest = before.notifications[0]!.id;
    const some = await call(doctor, 'POST', '/api/notifications/read', { ids: [newest] });
    expect(some.statusCode).toBe(200);
    expect(some.json().data.unreadCount).toBe(before.unreadCount - 1);
    expect(some.json().data.notifications[0]).toMatchObject({ id: newest, read: true });

    // The spec's client: a JSON content type and no body means "all of them".
    const all = await call(doctor, 'POST', '/api/notifications/read');
    expect(all.statusCode).toBe(200);
    expect(all.json().data.unreadCount).toBe(0);
    expect((await inbox(otherDoctor)).unreadCount).toBe(before.unreadCount);

    await register('Delta');
    const after = await inbox(doctor);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications[0]).toMatchObject({ read: false });
    expect(after.notifications.slice(1).every((n) => n.read)).toBe(true);
  });

  it('dismisses one or all from the bell; ids of other hospitals or roles change nothing', async () => {
    const [first, second] = (await inbox(doctor)).notifications;
    const b1 = await call(b.token, 'POST', '/api/notifications/dismiss', { ids: [first!.id] });
    expect(b1.statusCode).toBe(200);
    expect((await inbox(doctor)).notifications[0]!.id).toBe(first!.id);

    const one = await call(doctor, 'POST', '/api/notifications/dismiss', { ids: [first!.id] });
    expect(one.json().data.notifications[0].id).toBe(second!.id);
    const cleared = await call(doctor, 'POST', '/api/notifications/dismiss');
    expect(cleared.json().data).toEqual({ notifications: [], unreadCount: 0 });
    expect((await inbox(otherDoctor)).notifications.length).toBeGreaterThan(0);

    await register('Epsilon');
    expect(lastNames(await inbox(doctor))).toEqual(['Epsilon']);

    const bad = await call(doctor, 'POST', '/api/notifications/read', { ids: ['not-an-id'] });
    expect(bad.statusCode).toBe(400);
    const extra = await call(doctor, 'POST', '/api/notifications/read', { all: true });
    expect(extra.statusCode).toBe(400);
  });

  it('lets an admin announce to everyone in the hospital, and nobody else', async () => {
    const denied = await call(doctor, 'POST', '/api/announcements', { message: 'Hello' });
    expect(denied.statusCode).toBe(403);
    const empty = await call(a.token, 'POST', '/api/announcements', { message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      expect.objectContaining({ field: 'message', message: 'Announcement message is required' }),
    ]);
    const priority = await call(a.token, 'POST', '/api/announcements', { message: 'Hi', priority: 'extreme' });
    expect(priority.statusCode).toBe(400);

    const made = await call(a.token, 'POST', '/api/announcements', {
      message: ' Staff meeting at 4 pm ',
      priority: 'high',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      success: true,
      message: 'Announcement sent successfully',
      data: { announcement: { message: 'Staff meeting at 4 pm', priority: 'high', announcedBy: { id: a.admin.id } } },
    });
    for (const token of [a.token, doctor, receptionist, pharmacist]) {
      expect((await inbox(token)).notifications[0]).toMatchObject({
        type: 'hospital_announcement',
        title: 'Hospital Announcement',
        message: 'Staff meeting at 4 pm',
        priority: 'high',
      });
    }
    expect((await inbox(b.token)).notifications.map((n) => n.type)).not.toContain('hospital_announcement');
    const events = await t.platform.store.readAll({ after: null, limit: 10_000 });
    const event = events.find((e) => e.type === 'HospitalAnnouncementMade')!;
    expect(event.metadata).toMatchObject({ hospitalId: a.hospital.id, actor: { userId: a.admin.id, role: 'admin' } });
  });
});
