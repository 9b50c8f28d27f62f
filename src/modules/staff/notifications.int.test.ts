import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { bearer, hireAndSignIn, uniqueEmail } from '../../../test/helpers/staff-api';

type Message = { type: string; data: Record<string, unknown>; timestamp: string };

/** A signed-in socket on /ws that collects what it receives; `next(type)` takes the next unread one of a type. */
async function connect(base: string, token: string) {
  const socket = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`);
  const received: Message[] = [];
  const unread = new Map<string, Message[]>();
  const waiting = new Map<string, ((m: Message) => void)[]>();
  socket.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as Message;
    received.push(m);
    const waiter = waiting.get(m.type)?.shift();
    if (waiter) waiter(m);
    else unread.set(m.type, [...(unread.get(m.type) ?? []), m]);
  });
  const next = (type: string) =>
    new Promise<Message>((resolve) => {
      const m = unread.get(type)?.shift();
      if (m) resolve(m);
      else waiting.set(type, [...(waiting.get(type) ?? []), resolve]);
    });
  await next('connection');
  /** Everything the server sent before answering this ping has arrived once the pong has. */
  const settle = async () => {
    socket.send(JSON.stringify({ type: 'ping', data: {}, timestamp: new Date().toISOString() }));
    await next('pong');
  };
  return { socket, received, next, settle };
}

describe('staff changes are pushed to the hospital admins', () => {
  let t: TestApp;
  let a: Onboarded;
  let b: Onboarded;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp();
    [a, b] = await Promise.all([onboardHospital(t), onboardHospital(t)]);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  it('sends user_created, user_updated, user_status_changed and user_deleted to admins only', async () => {
    const doctor = await hireAndSignIn(t, a.token, 'doctor');
    const admin = await connect(base, a.token);
    const otherAdmin = await connect(base, b.token);
    const staff = await connect(base, doctor.token);

    const email = uniqueEmail('live');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bearer(a.token),
      payload: { firstName: 'Musa', lastName: 'Garba', email, role: 'lab_staff' },
    });
    const id = created.json().data.user.id as string;
    const userCreated = await admin.next('user_created');
    expect(userCreated.data.user).toMatchObject({
      id,
      _id: id,
      firstName: 'Musa',
      lastName: 'Garba',
      email,
      role: 'lab_technician',
      isActive: true,
    });
    expect(userCreated.data.user).not.toHaveProperty('passwordHash');
    expect(Date.parse(userCreated.timestamp)).not.toBeNaN();

    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: bearer(a.token), payload });
    await put({ lastName: 'Bello' });
    expect((await admin.next('user_updated')).data.user).toMatchObject({ id, lastName: 'Bello' });
    await put({ isActive: false });
    const status = await admin.next('user_status_changed');
    expect(status.data).toMatchObject({ newStatus: false, user: { id, isActive: false } });
    await t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: bearer(a.token) });
    expect((await admin.next('user_deleted')).data).toMatchObject({ userName: 'Musa Bello' });

    await Promise.all([staff.settle(), otherAdmin.settle()]);
    const userTypes = (m: Message[]) => m.map((x) => x.type).filter((type) => type.startsWith('user_'));
    expect(userTypes(staff.received)).toEqual([]);
    expect(userTypes(otherAdmin.received)).toEqual([]);
    for (const s of [admin, otherAdmin, staff]) s.socket.close();
  });
});
