import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { randomIp, registrationCookie, registrationInput } from './helpers/onboard';
import { readOutbox, readVerificationCode } from './helpers/outbox';
import { newPatient } from './helpers/patients-api';
import { call, startServerProcess, waitUntilCaughtUp, type ServerProcess } from './helpers/server-process';
import { decodeQuotedPrintable, uniqueEmail } from './helpers/staff-api';

/**
 * Every flow that spans streams survives a power cut (SIGKILL) between any two of its steps: the
 * server is killed at a named crash point (HMS_CRASH_AT), started again on the same data, and the
 * end state is the one an uninterrupted run reaches. The crashed request's answer is lost, as it
 * would be; the client retries where a person would.
 */
describe('durable multi-stream flows (kill -9 at each step, then restart)', () => {
  let db: TestDatabase;
  let dataDir: string;
  let sql: pg.Pool;
  let server: ServerProcess | undefined;
  let admin: { token: string; email: string; password: string };

  const start = async (crashAt?: string) => {
    await server?.kill('SIGTERM');
    server = await startServerProcess({
      databaseUrl: db.url,
      dataDir,
      env: crashAt ? { HMS_CRASH_AT: crashAt } : {},
    });
    return server;
  };
  /** Sends the request that reaches the crash point; the process dies and the answer never comes. */
  const crashOn = async (request: () => Promise<unknown>) => {
    const s = server!;
    await request().then(
      (answer) => expect.fail(`expected the server to die, got ${JSON.stringify(answer)}`),
      () => undefined,
    );
    expect((await s.exited).signal).toBe('SIGKILL');
  };
  const count = async (stream: string, type: string) =>
    Number(
      (await sql.query('select count(*) from events where stream_id = $1 and type = $2', [stream, type])).rows[0].count,
    );
  const outbox = () => path.join(dataDir, 'outbox');
  const lastMailedPassword = async (email: string) => {
    const mails = await readOutbox(outbox(), email);
    const text = decodeQuotedPrintable(mails[mails.length - 1]?.raw ?? '');
    return /^Temporary password: (\S+)\s*$/m.exec(text)?.[1] ?? '';
  };

  async function submitRegistration(base: string) {
    const input = registrationInput();
    const ip = randomIp();
    const res = await call(base, 'POST', '/api/hospital/register-with-verification', { body: input, ip });
    expect(res.status).toBe(200);
    const code = await readVerificationCode(outbox(), input.adminData.email);
    return { input, ip, code, cookie: registrationCookie(res) };
  }

  /** What an uninterrupted onboarding leaves: a token, a hospital, an admin who signs in. */
  async function expectOnboarded(base: string, r: Awaited<ReturnType<typeof submitRegistration>>) {
    const verified = await call(base, 'POST', '/api/hospital/verify-email', {
      body: { email: r.input.adminData.email, token: r.code },
      ip: r.ip,
      headers: { cookie: r.cookie },
    });
    expect(verified.status).toBe(200);
    const token = verified.body.token as string;
    const hospital = verified.body.hospital as { id: string };
    expect((await call(base, 'GET', `/api/hospitals/${hospital.id}`, { token })).status).toBe(200);
    expect((await call(base, 'GET', '/api/admin/profile', { token })).status).toBe(200);
    const login = await call(base, 'POST', '/api/admin/login', {
      body: { email: r.input.adminData.email, password: r.input.adminData.password },
      ip: randomIp(),
    });
    expect(login.status).toBe(200);
    // The code is used up now, as after any verification.
    const again = await call(base, 'POST', '/api/hospital/verify-email', {
      body: { email: r.input.adminData.email, token: r.code },
      ip: r.ip,
      headers: { cookie: r.cookie },
    });
    expect(again.body.message).toBe('This verification code has already been used');
    expect(await count(`hospital-${hospital.id}`, 'HospitalRegistered')).toBe(1);
    return { token, email: r.input.adminData.email, password: r.input.adminData.password };
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-durability-'));
    sql = new pg.Pool({ connectionString: db.url, max: 2 });
    const s = await start();
    admin = await expectOnboarded(s.baseUrl, await submitRegistration(s.baseUrl));
    const plan = await call(s.baseUrl, 'PUT', '/api/users/plan', { token: admin.token, body: { plan: 'hospital' } });
    expect(plan.status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await sql?.end();
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  describe('onboarding: verification → hospital and admin account (reactor)', () => {
    it.each([
      'after-commit:EmailVerified',
      'after-commit:HospitalRegistered',
      'reactor:hospitals-onboarding:before-checkpoint',
    ])(
      'ends onboarded after a kill at %s',
      async (point) => {
        const crashing = await start(point);
        const r = await submitRegistration(crashing.baseUrl);
        await crashOn(() =>
          call(crashing.baseUrl, 'POST', '/api/hospital/verify-email', {
            body: { email: r.input.adminData.email, token: r.code },
            ip: r.ip,
            headers: { cookie: r.cookie },
          }),
        );
        const restarted = await start();
        await waitUntilCaughtUp(restarted.baseUrl);
        // The admin tries the code again, as the page would after the lost answer.
        await expectOnboarded(restarted.baseUrl, r);
      },
      120_000,
    );
  });

  /** What an uninterrupted hire leaves: one member listed, one invitation state, a password that works. */
  async function expectHired(base: string, email: string) {
    const listed = await call(base, 'GET', `/api/users?search=${encodeURIComponent(email)}`, { token: admin.token });
    const users = (listed.body.data as { users: { id: string; email: string }[] }).users;
    expect(users.map((u) => u.email)).toEqual([email]);
    const userId = users[0]!.id;
    expect(await count(`staff-${userId}`, 'StaffMemberCreated')).toBe(1);
    expect(await count(`account-${userId}`, 'AccountProvisioned')).toBe(1);
    expect(await count(`account-${userId}`, 'InvitationSent')).toBeGreaterThanOrEqual(1);
    const login = await call(base, 'POST', '/api/auth/login', {
      body: { email, password: await lastMailedPassword(email) },
      ip: randomIp(),
    });
    expect(login.status).toBe(200);
    return userId;
  }

  describe('hiring: member, seat and account (one commit) → invitation (reactor)', () => {
    it.each([
      'after-commit:StaffMemberCreated',
      'after-commit:TemporaryPasswordIssued',
      'reactor:identity-invitations:before-checkpoint',
    ])(
      'ends with the member invited after a kill at %s',
      async (point) => {
        const crashing = await start(point);
        const email = uniqueEmail('hire');
        await crashOn(() =>
          call(crashing.baseUrl, 'POST', '/api/users', {
            token: admin.token,
            body: { firstName: 'Kemi', lastName: 'Ade', email, role: 'nurse' },
          }),
        );
        const restarted = await start();
        await waitUntilCaughtUp(restarted.baseUrl);
        await expectHired(restarted.baseUrl, email);
      },
      120_000,
    );
  });

  describe('deleting: member and account disabled (one commit) → seat and email freed (reactor)', () => {
    it.each([
      'after-commit:StaffMemberDeleted',
      'after-commit:StaffSeatReleased',
      'reactor:staff-seat-release:before-checkpoint',
    ])(
      'ends with the seat and the email free after a kill at %s',
      async (point) => {
        const normal = await start();
        const email = uniqueEmail('leaver');
        const hired = await call(normal.baseUrl, 'POST', '/api/users', {
          token: admin.token,
          body: { firstName: 'Tunde', lastName: 'Bello', email, role: 'pharmacist' },
        });
        expect(hired.status).toBe(201);
        const userId = (hired.body.data as { user: { id: string } }).user.id;
        const seatsBefore = (
          (await call(normal.baseUrl, 'GET', '/api/users/stats', { token: admin.token })).body.data as {
            plan: { usedSeats: number };
          }
        ).plan.usedSeats;

        const crashing = await start(point);
        await crashOn(() => call(crashing.baseUrl, 'DELETE', `/api/users/${userId}`, { token: admin.token }));
        const restarted = await start();
        await waitUntilCaughtUp(restarted.baseUrl);
        const base = restarted.baseUrl;

        const stats = (await call(base, 'GET', '/api/users/stats', { token: admin.token })).body.data as {
          plan: { usedSeats: number };
        };
        expect(stats.plan.usedSeats).toBe(seatsBefore - 1);
        const released = await sql.query(
          "select count(*) from events where type = 'StaffSeatReleased' and data->>'userId' = $1",
          [userId],
        );
        expect(Number(released.rows[0].count)).toBe(1);
        expect(await count(`account-${userId}`, 'AccountClosed')).toBe(1);
        const signIn = await call(base, 'POST', '/api/auth/login', {
          body: { email, password: 'whatever1' },
          ip: randomIp(),
        });
        expect(signIn.status).toBe(401);
        // The email is free for a new account.
        const rehired = await call(base, 'POST', '/api/users', {
          token: admin.token,
          body: { firstName: 'Tunde', lastName: 'Bello', email, role: 'pharmacist' },
        });
        expect(rehired.status).toBe(201);
      },
      120_000,
    );
  });

  describe('an offline registration (Idempotency-Key) whose answer a kill lost', () => {
    it('is applied once, and its resend after the restart answers that it was applied', async () => {
      const id = randomUUID();
      const key = randomUUID();
      const patient = newPatient();
      const send = (base: string) =>
        call(base, 'POST', '/api/patients', {
          token: admin.token,
          headers: { 'idempotency-key': key },
          body: { id, ...patient },
        });
      const crashing = await start('after-commit:PatientRegistered');
      await crashOn(() => send(crashing.baseUrl));
      const restarted = await start();
      await waitUntilCaughtUp(restarted.baseUrl);
      const again = await send(restarted.baseUrl);
      expect(again.status).toBe(200);
      expect(again.body.message).toBe('This request was already applied');
      expect(await count(`patient-${id}`, 'PatientRegistered')).toBe(1);
      // Later resends get the same answer, and the patient is there.
      expect((await send(restarted.baseUrl)).body).toEqual(again.body);
      expect((await call(restarted.baseUrl, 'GET', `/api/patients/${id}`, { token: admin.token })).status).toBe(200);
    }, 120_000);
  });
});
