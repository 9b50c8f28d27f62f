import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { MINUTE, testClock } from '../../../test/helpers/clock';
import { onboardHospital, randomIp } from '../../../test/helpers/onboard';
import { readOutbox } from '../../../test/helpers/outbox';
import { deleteStaff, createStaffAccount } from '../../../test/helpers/staff-accounts';
import { metadataFor } from '../../platform/event-store/metadata';
import { createHospitalsModule } from '../hospitals';
import { closeAccount, createIdentityModule } from '.';

const adminMetadata = (a: { hospital: { id: string } }) =>
  metadataFor({ hospitalId: a.hospital.id, actor: { userId: 'test-admin', role: 'admin', name: 'Test Admin' } });

/**
 * Issue 21, item 2 (sign-in): a lock is per account and client address, so a stranger cannot
 * lock the owner out; an e-mail that names no account is locked by the same rule, so nothing in
 * the answers tells whether an account exists; a 423 says when to retry; the owner is told.
 */
const ADMIN_LOGIN = '/api/admin/login';
const LOCKED = 'Account locked due to too many failed login attempts. Try again in 15 minutes.';

describe('sign-in locks', () => {
  let t: TestApp;
  const clock = testClock();
  const login = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: ADMIN_LOGIN,
      payload: { email, password },
      headers: { 'x-forwarded-for': ip, 'content-type': 'application/json' },
    });
  const answer = (res: Awaited<ReturnType<typeof login>>) => ({
    status: res.statusCode,
    body: res.json(),
    retryAfter: res.headers['retry-after'],
  });

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule({ clock }), createHospitalsModule({ clock })] });
  });
  afterAll(async () => t?.close());

  it('locks only the address the failures came from: the owner elsewhere still signs in', async () => {
    const a = await onboardHospital(t);
    const stranger = randomIp();
    for (let i = 0; i < 5; i++) expect((await login(a.adminEmail, `Wrong-Guess-${i}`, stranger)).statusCode).toBe(401);
    const locked = await login(a.adminEmail, a.adminPassword, stranger);
    expect(answer(locked)).toEqual({ status: 423, body: { success: false, message: LOCKED }, retryAfter: '900' });

    const owner = await login(a.adminEmail, a.adminPassword, randomIp());
    expect(owner.statusCode).toBe(200);
    // The owner's success does not lift the stranger's lock.
    clock.advance(5 * MINUTE);
    const still = await login(a.adminEmail, a.adminPassword, stranger);
    expect(still.statusCode).toBe(423);
    expect(still.headers['retry-after']).toBe('600');
    clock.advance(10 * MINUTE);
    expect((await login(a.adminEmail, a.adminPassword, stranger)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one, through the lock and after it', async () => {
    const a = await onboardHospital(t);
    const known: ReturnType<typeof answer>[] = [];
    const unknown: ReturnType<typeof answer>[] = [];
    const [ipKnown, ipUnknown] = [randomIp(), randomIp()];
    for (let i = 0; i < 7; i++) {
      known.push(answer(await login(a.adminEmail, `Wrong-Guess-${i}`, ipKnown)));
      unknown.push(answer(await login('nobody-x@nowhere.test', `Wrong-Guess-${i}`, ipUnknown)));
    }
    expect(unknown).toEqual(known);
    expect(known.map((k) => k.status)).toEqual([401, 401, 401, 401, 401, 423, 423]);
    expect(known[5]!.retryAfter).toBe('900');
    // The same address with another unknown e-mail is not locked: the lock is per e-mail too.
    expect((await login('somebody-else@nowhere.test', 'Wrong-Guess-0', ipUnknown)).statusCode).toBe(401);
    clock.advance(15 * MINUTE);
    expect(answer(await login('nobody-x@nowhere.test', 'Wrong-Guess-9', ipUnknown))).toEqual(
      answer(await login(a.adminEmail, 'Wrong-Guess-9', ipKnown)),
    );
  });

  it('mails the owner when sign-ins from an address are locked, naming the address and nothing typed', async () => {
    const a = await onboardHospital(t);
    const stranger = randomIp();
    for (let i = 0; i < 5; i++) await login(a.adminEmail, `<a href="https://evil.test">${i}</a>`, stranger);
    const outbox = path.join(t.dataDir, 'outbox');
    let notice;
    for (let waited = 0; waited < 10_000 && !notice; waited += 100) {
      notice = (await readOutbox(outbox, a.adminEmail)).find((m) => m.subject.includes('paused'));
      if (!notice) await new Promise((r) => setTimeout(r, 100));
    }
    expect(notice).toBeDefined();
    expect(notice!.raw).toContain(stranger);
    expect(notice!.raw).not.toContain('evil.test');
  });

  it('answers for a closed account as for no account, lock included', async () => {
    const a = await onboardHospital(t);
    const staff = await createStaffAccount(t.platform, a.hospital.id);
    await deleteStaff(t.platform, staff);
    await closeAccount(t.platform, staff.userId, adminMetadata(a));
    const staffLogin = (email: string, password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
        headers: { 'x-forwarded-for': ip, 'content-type': 'application/json' },
      });
    const [ipClosed, ipUnknown] = [randomIp(), randomIp()];
    const closed: ReturnType<typeof answer>[] = [];
    const unknown: ReturnType<typeof answer>[] = [];
    for (let i = 0; i < 6; i++) {
      closed.push(answer(await staffLogin(staff.email, i === 5 ? staff.password : `Wrong-${i}-x`, ipClosed)));
      unknown.push(answer(await staffLogin('gone-x@nowhere.test', `Wrong-${i}-x`, ipUnknown)));
    }
    expect(closed).toEqual(unknown);
    expect(closed.map((c) => c.status)).toEqual([401, 401, 401, 401, 401, 423]);
  });

  it('gives an address the owner signed in from before twice the allowance', async () => {
    const a = await onboardHospital(t);
    const clinic = randomIp();
    expect((await login(a.adminEmail, a.adminPassword, clinic)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(a.adminEmail, `Wrong-Guess-${i}`, clinic)).statusCode).toBe(401);
    expect((await login(a.adminEmail, a.adminPassword, clinic)).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(a.adminEmail, `Wrong-Guess-${i}`, clinic)).statusCode).toBe(401);
    expect((await login(a.adminEmail, a.adminPassword, clinic)).statusCode).toBe(423);
  });
});
