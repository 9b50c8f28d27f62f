import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { readOutbox } from '../../../test/helpers/outbox';
import {
  bearer,
  decodeQuotedPrintable,
  hireAndSignIn,
  readInvitation,
  staffLogin,
  uniqueEmail,
  upgradeToHospitalPlan,
} from '../../../test/helpers/staff-api';

/**
 * Issue 33: an admin who adds an address that signs in to another hospital's account gets the
 * answer a new address gets; that account is never touched, and its owner is told by mail.
 */
describe('staff e-mails across hospitals', () => {
  let t: TestApp;
  let a: Onboarded;
  let b: Onboarded;
  let doctor: Awaited<ReturnType<typeof hireAndSignIn>>;

  const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: json(token), ...(payload ? { payload } : {}) });
  const addToB = (email: string, firstName = 'Chidi') =>
    call(b.token, 'POST', '/api/users', { firstName, lastName: 'Okafor', email, role: 'doctor' });
  const accountEvents = async (userId: string) => (await t.platform.store.readStream(`account-${userId}`)).length;
  const mailsTo = async (email: string) => readOutbox(path.join(t.dataDir, 'outbox'), email);
  const signsInToA = async () => {
    const res = await staffLogin(t, doctor.email, doctor.password);
    expect(res.statusCode).toBe(200);
    const user = res.json().data.user;
    expect(user).toMatchObject({ id: doctor.id, email: doctor.email });
    return res.json().data.token as string;
  };

  beforeAll(async () => {
    t = await sharedTestApp();
    a = await onboardHospital(t);
    b = await onboardHospital(t);
    // More staff than the Clinic plan's seats; the limit has its own file.
    await Promise.all([upgradeToHospitalPlan(t, a.token), upgradeToHospitalPlan(t, b.token)]);
    doctor = await hireAndSignIn(t, a.token, 'doctor');
  });
  afterAll(async () => t?.close());

  /** The answer's shape: its keys, and every value's type (ids, numbers and times differ). */
  const shape = (body: unknown): unknown =>
    body === null || typeof body !== 'object'
      ? body === null
        ? 'null'
        : typeof body
      : Object.fromEntries(Object.entries(body).map(([k, v]) => [k, shape(v)]));

  it("answers another hospital's address as a new one, and mails its owner without touching the account", async () => {
    const before = await accountEvents(doctor.id);
    const mailsBefore = (await mailsTo(doctor.email)).length;

    const fresh = await addToB(uniqueEmail('fresh'));
    const taken = await addToB(doctor.email.toUpperCase());
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    expect(taken.json().message).toBe(fresh.json().message);
    expect(taken.json().message).toBe('User created successfully! Invitation email sent.');
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json().data).toMatchObject({
      invitationSent: true,
      user: { email: doctor.email, lastSignInAt: null },
    });

    // The owner is told, with no password, by the hospital that added the address.
    const mails = await mailsTo(doctor.email);
    expect(mails.length).toBe(mailsBefore + 1);
    const notice = decodeQuotedPrintable(mails[mails.length - 1]!.raw);
    expect(notice).toContain(b.hospital.name);
    expect(notice).toContain('Your existing account has not changed');
    expect(notice).not.toMatch(/Temporary password/);
    expect(notice).not.toContain(a.hospital.name);

    // The doctor's account has not changed, and still signs in to A, with nothing of B.
    expect(await accountEvents(doctor.id)).toBe(before);
    const token = await signsInToA();
    const me = await call(token, 'GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain(a.hospital.name);
    expect(JSON.stringify(me.json())).not.toContain(b.hospital.name);
    expect(JSON.stringify(me.json())).not.toContain(taken.json().data.user.id);
  });

  it('lists the invite as any member who has not signed in yet', async () => {
    const res = await call(b.token, 'GET', `/api/users?search=${encodeURIComponent(doctor.email)}`);
    expect(res.statusCode).toBe(200);
    const [row] = res.json().data.users;
    expect(row).toMatchObject({ email: doctor.email, isActive: true, lastSignInAt: null });
    // A's own list shows the doctor as signed in.
    const own = await call(a.token, 'GET', `/api/users?search=${encodeURIComponent(doctor.email)}`);
    expect(own.json().data.users[0].lastSignInAt).toEqual(expect.any(String));
  });

  it('still refuses an address twice in the same hospital with the spec message', async () => {
    for (const email of [doctor.email, b.adminEmail]) {
      const res = await addToB(email, 'Second');
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('A user with this email already exists');
    }
  });

  it('edits, deactivates, re-invites and deletes such a row as any other, never touching the account', async () => {
    const email = uniqueEmail('locum');
    const locum = await hireAndSignIn(t, a.token, 'nurse');
    const before = await accountEvents(locum.id);
    const added = await addToB(locum.email);
    expect(added.statusCode).toBe(201);
    const id = added.json().data.user.id as string;

    const edited = await call(b.token, 'PUT', `/api/users/${id}`, { firstName: 'Ada', role: 'nurse' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.user).toMatchObject({ firstName: 'Ada', role: 'nurse', lastSignInAt: null });
    expect((await call(b.token, 'PUT', `/api/users/${id}`, { isActive: false })).statusCode).toBe(200);
    expect((await call(b.token, 'PUT', `/api/users/${id}`, { isActive: true })).statusCode).toBe(200);

    const mails = (await mailsTo(locum.email)).length;
    const again = await call(b.token, 'POST', `/api/users/${id}/invitation`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: true, message: 'Invitation email sent.' });
    const latest = await mailsTo(locum.email);
    expect(latest.length).toBe(mails + 1);
    expect(decodeQuotedPrintable(latest[latest.length - 1]!.raw)).not.toMatch(/Temporary password/);

    // Another of B's members: moving onto the invite's address is refused as within B; onto an
    // address of A's, answered as any edit.
    const other = await addToB(email);
    const otherId = other.json().data.user.id as string;
    const ontoInvite = await call(b.token, 'PUT', `/api/users/${otherId}`, { email: locum.email });
    expect(ontoInvite.statusCode).toBe(409);
    expect(ontoInvite.json().message).toBe('A user with this email already exists');
    const elsewhere = await hireAndSignIn(t, a.token, 'pharmacist');
    const elsewhereBefore = await accountEvents(elsewhere.id);
    const movedOnto = await call(b.token, 'PUT', `/api/users/${otherId}`, { email: elsewhere.email });
    expect(movedOnto.statusCode).toBe(200);
    expect(movedOnto.json().data.user.email).toBe(elsewhere.email);
    // Its old address is free again, as after any edit.
    expect((await addToB(email)).statusCode).toBe(201);

    const del = await call(b.token, 'DELETE', `/api/users/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true, message: 'User deleted successfully' });
    // As after any deletion, the address can be added again.
    expect((await addToB(locum.email)).statusCode).toBe(201);

    expect(await accountEvents(locum.id)).toBe(before);
    expect(await accountEvents(elsewhere.id)).toBe(elsewhereBefore);
    for (const who of [locum, elsewhere]) {
      const res = await staffLogin(t, who.email, who.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.user.id).toBe(who.id);
    }
    await signsInToA();
  });

  it('writes the same events for such a member as for a new address, so the audit chain tells nothing', async () => {
    /** Per commit touching the member's streams, in order: the sorted types of every event in it. */
    const commitsOf = async (userId: string) => {
      const all = await t.platform.store.readAll({ after: null, limit: 100_000 });
      const mine = new Set([`staff-${userId}`, `account-${userId}`]);
      const txs = [...new Set(all.filter((e) => mine.has(e.streamId)).map((e) => String(e.globalPosition[0])))];
      return txs.map((tx) =>
        all
          .filter((e) => String(e.globalPosition[0]) === tx)
          .map((e) => e.type)
          .sort(),
      );
    };
    const elsewhere = await Promise.all([
      hireAndSignIn(t, a.token, 'nurse'),
      hireAndSignIn(t, a.token, 'nurse'),
      hireAndSignIn(t, a.token, 'nurse'),
    ]);
    const lives = async (first: string, then: string) => {
      const res = await addToB(first);
      expect(res.statusCode).toBe(201);
      const id = res.json().data.user.id as string;
      const steps: [string, string, object?][] = [
        ['PUT', `/api/users/${id}`, { firstName: 'Ada' }],
        ['PUT', `/api/users/${id}`, { isActive: false }],
        ['PUT', `/api/users/${id}`, { isActive: true }],
        ['POST', `/api/users/${id}/invitation`],
        ['PUT', `/api/users/${id}`, { email: then }],
        ['PUT', `/api/users/${id}`, { email: uniqueEmail('again') }],
        ['DELETE', `/api/users/${id}`],
      ];
      for (const [method, url, payload] of steps) {
        expect((await call(b.token, method as 'PUT', url, payload)).statusCode).toBe(200);
      }
      return commitsOf(id);
    };
    const fresh = await lives(uniqueEmail('fresh'), elsewhere[0]!.email);
    const taken = await lives(elsewhere[1]!.email, elsewhere[2]!.email);
    expect(taken).toEqual(fresh);
    expect(fresh.length).toBeGreaterThan(8);
  });

  it("gives the invite a login of its own once the other hospital's account lets the address go", async () => {
    const gone = await hireAndSignIn(t, a.token, 'receptionist');
    const added = await addToB(gone.email);
    const id = added.json().data.user.id as string;
    expect((await call(a.token, 'DELETE', `/api/users/${gone.id}`)).statusCode).toBe(200);
    // The address is free, and no account signs in with it: not B's member either.
    const before = await accountEvents(id);
    expect((await staffLogin(t, gone.email, gone.password)).statusCode).toBe(401);
    expect(await accountEvents(id)).toBe(before);

    expect((await call(b.token, 'POST', `/api/users/${id}/invitation`)).statusCode).toBe(200);
    const invitation = await readInvitation(t, gone.email);
    const res = await staffLogin(t, gone.email, invitation.temporaryPassword);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.id).toBe(id);
  });
});
