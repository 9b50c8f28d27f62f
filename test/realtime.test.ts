import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createHospitalsModule } from '../src/modules/hospitals';
import { createIdentityModule } from '../src/modules/identity';
import { startTestApp, type TestApp } from './helpers/app';
import { onboardHospital, randomIp, type Onboarded } from './helpers/onboard';
import { createStaffAccount, deactivateStaff } from './helpers/staff-accounts';
import { changeTemporaryPassword } from './helpers/staff-api';

type Message = { type: string; data: Record<string, unknown>; timestamp: string };

/** A ws client that keeps every message and its close, so tests can wait for either. */
class Client {
  readonly messages: Message[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.messages.push(JSON.parse(raw.toString()));
      this.waiters.splice(0).forEach((w) => w());
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }
  async next(type: string): Promise<Message> {
    for (;;) {
      const found = this.messages.find((m) => m.type === type);
      if (found) {
        this.messages.splice(this.messages.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve, reject) => {
        this.waiters.push(resolve);
        setTimeout(() => reject(new Error(`no ${type} message`)), 5000);
      });
    }
  }
  send(type: string, data: object = {}) {
    this.ws.send(JSON.stringify({ type, data, timestamp: new Date().toISOString() }));
  }
}

describe('realtime hub at /ws', () => {
  let t: TestApp;
  let base: string;
  let a: Onboarded;
  let b: Onboarded;
  const clients: Client[] = [];
  const connect = (token?: string) => {
    const c = new Client(new WebSocket(`${base}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`));
    clients.push(c);
    return c;
  };
  const staffToken = async (email: string, password: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        headers: { 'x-forwarded-for': randomIp() },
      })
    ).json().data.token as string;

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule(), createHospitalsModule()] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    base = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
  });
  afterEach(async () => {
    // Each test starts with no sockets open, so counts and "received nothing" mean what they say.
    const open = clients.splice(0);
    open.forEach((c) => c.ws.close());
    await Promise.all(open.map((c) => c.closed));
    for (let i = 0; i < 100 && t.platform.realtime.connectionCount() > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(t.platform.realtime.connectionCount()).toBe(0);
  });
  afterAll(async () => t?.close());

  it('closes with 4401 without a token or with a bad one', async () => {
    expect((await connect().closed).code).toBe(4401);
    expect((await connect('not-a-token').closed).code).toBe(4401);
  });

  it('greets with the role channels, answers ping and keeps subscriptions to allowed channels', async () => {
    const admin = connect(a.token);
    const hello = await admin.next('connection');
    expect(hello.data).toEqual({
      userId: a.admin.id,
      role: 'admin',
      hospitalId: a.hospital.id,
      channels: ['general', 'announcements', 'patients', 'users', 'billing', 'reports'],
    });
    expect(Number.isNaN(Date.parse(hello.timestamp))).toBe(false);

    admin.send('ping');
    expect((await admin.next('pong')).type).toBe('pong');

    admin.send('unsubscribe', { channels: ['billing'] });
    expect((await admin.next('unsubscribed')).data.channels).not.toContain('billing');
    admin.send('subscribe', { channels: ['pharmacy', 'billing'] });
    const subscribed = await admin.next('subscribed');
    expect(subscribed.data.channels).toContain('billing');
    expect(subscribed.data.channels).not.toContain('pharmacy');
  });

  it('answers a malformed or unknown message with an error and keeps the socket open', async () => {
    const admin = connect(a.token);
    await admin.next('connection');
    admin.ws.send('not json');
    expect((await admin.next('error')).data.message).toBe('Malformed message: expected JSON {type, data, timestamp}');
    admin.ws.send(JSON.stringify({ data: {} }));
    expect((await admin.next('error')).data.message).toBe('Malformed message: expected JSON {type, data, timestamp}');
    admin.send('dance', {});
    expect((await admin.next('error')).data.message).toBe('Unknown message type: dance');
    admin.send('ping');
    expect((await admin.next('pong')).type).toBe('pong');
  });

  it('publishes only inside the hospital, to the roles, users and channels asked for', async () => {
    const nurse = await createStaffAccount(t.platform, a.hospital.id, { role: 'nurse' });
    const adminA = connect(a.token);
    const nurseToken = await staffToken(nurse.email, nurse.password);
    // Until the temporary password is changed the session's sockets receive nothing.
    const restricted = connect(nurseToken);
    await restricted.next('connection');
    expect(t.platform.realtime.publish(a.hospital.id, { type: 'early', data: {} }, { userIds: [nurse.userId] })).toBe(
      0,
    );
    await changeTemporaryPassword(t, nurseToken, nurse.password);
    restricted.ws.close();
    const nurseA = connect(nurseToken);
    const adminB = connect(b.token);
    await Promise.all([adminA.next('connection'), nurseA.next('connection'), adminB.next('connection')]);

    expect(t.platform.realtime.publish(a.hospital.id, { type: 'patient_created', data: { n: 1 } })).toBe(2);
    expect(t.platform.realtime.publish(a.hospital.id, { type: 'vitals', data: { n: 2 } }, { roles: ['nurse'] })).toBe(
      1,
    );
    expect(
      t.platform.realtime.publish(a.hospital.id, { type: 'user_created', data: { n: 3 } }, { channels: ['users'] }),
    ).toBe(1);
    expect(
      t.platform.realtime.publish(a.hospital.id, { type: 'mine', data: { n: 4 } }, { userIds: [nurse.userId] }),
    ).toBe(1);

    expect((await adminA.next('patient_created')).data).toEqual({ n: 1 });
    expect((await nurseA.next('patient_created')).data).toEqual({ n: 1 });
    expect((await nurseA.next('vitals')).data).toEqual({ n: 2 });
    expect((await adminA.next('user_created')).data).toEqual({ n: 3 });
    expect((await nurseA.next('mine')).data).toEqual({ n: 4 });
    // A ping round-trip proves B has received everything sent before it: none of it was A's.
    adminB.send('ping');
    await adminB.next('pong');
    expect(adminB.messages).toEqual([]);
    expect(adminA.messages.map((m) => m.type)).toEqual([]);
  });

  it('closes the socket (4001) at logout and refuses the token afterwards (4401)', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { email: a.adminEmail, password: a.adminPassword },
      headers: { 'x-forwarded-for': randomIp() },
    });
    const token = login.json().token;
    const socket = connect(token);
    await socket.next('connection');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect(await socket.closed).toEqual({ code: 4001, reason: 'Logged out' });
    expect((await connect(token).closed).code).toBe(4401);
  });

  it('tells a deactivated staff member why, then closes their sockets', async () => {
    const staff = await createStaffAccount(t.platform, a.hospital.id, { role: 'doctor' });
    const token = await staffToken(staff.email, staff.password);
    const socket = connect(token);
    await socket.next('connection');
    await deactivateStaff(t.platform, staff);
    expect((await socket.next('account_deactivated')).data.message).toBe(
      'Your account has been deactivated. Contact your administrator.',
    );
    expect((await socket.closed).code).toBe(4001);
    expect((await connect(token).closed).code).toBe(4401);
  });

  it("closes a user's other sockets when the password changes, and keeps the one that changed it", async () => {
    const staff = await createStaffAccount(t.platform, a.hospital.id, { role: 'pharmacist' });
    const elsewhere = connect(await staffToken(staff.email, staff.password));
    const token = await staffToken(staff.email, staff.password);
    const here = connect(token);
    await Promise.all([elsewhere.next('connection'), here.next('connection')]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: staff.password, newPassword: 'Suya-Spice-4821' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(await elsewhere.closed).toEqual({ code: 4001, reason: 'Password changed' });
    here.send('ping');
    expect((await here.next('pong')).type).toBe('pong');
  });
});
