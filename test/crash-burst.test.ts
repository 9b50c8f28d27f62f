import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { randomIp, registrationCookie, registrationInput } from './helpers/onboard';
import { readOutbox, readVerificationCode } from './helpers/outbox';
import { call, startServerProcess, waitUntilCaughtUp, type ServerProcess } from './helpers/server-process';
import { decodeQuotedPrintable, uniqueEmail } from './helpers/staff-api';

/**
 * Nothing acknowledged is lost: the server is killed (SIGKILL) in the middle of a burst of 200
 * concurrent patient registrations and started again on the same data. Every registration that
 * got its 201 is in the list, nothing is there twice, and the read models have caught up.
 */
describe('a hard kill during a burst of registrations', () => {
  let db: TestDatabase;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let receptionist: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-burst-'));
    server = await startServerProcess({ databaseUrl: db.url, dataDir });
    const base = server.baseUrl;
    const input = registrationInput();
    const ip = randomIp();
    const registered = await call(base, 'POST', '/api/hospital/register-with-verification', { body: input, ip });
    expect(registered.status).toBe(200);
    const code = await readVerificationCode(path.join(dataDir, 'outbox'), input.adminData.email);
    const verified = await call(base, 'POST', '/api/hospital/verify-email', {
      body: { email: input.adminData.email, token: code },
      ip,
      headers: { cookie: registrationCookie(registered) },
    });
    const admin = verified.body.token as string;
    const email = uniqueEmail('front-desk');
    const hired = await call(base, 'POST', '/api/users', {
      token: admin,
      body: { firstName: 'Ngozi', lastName: 'Eze', email, role: 'receptionist' },
    });
    expect(hired.status).toBe(201);
    const mail = (await readOutbox(path.join(dataDir, 'outbox'), email))[0]!;
    const password = /^Temporary password: (\S+)\s*$/m.exec(decodeQuotedPrintable(mail.raw))![1]!;
    const login = await call(base, 'POST', '/api/auth/login', { body: { email, password }, ip: randomIp() });
    receptionist = (login.body.data as { token: string }).token;
    // A temporary password opens only the change-password dialog's routes until it is changed.
    const chosen = `Okra-Harmattan-${randomUUID().slice(0, 12)}`;
    const changed = await call(base, 'POST', '/api/auth/change-password', {
      token: receptionist,
      body: { currentPassword: password, newPassword: chosen, confirmPassword: chosen },
    });
    expect(changed.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await server?.kill('SIGTERM');
    await db?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged registration exactly once', async () => {
    const base = server!.baseUrl;
    const acknowledged: string[] = [];
    let answered = 0;
    const burst = Array.from({ length: 200 }, (_, i) =>
      call(base, 'POST', '/api/patients', {
        token: receptionist,
        body: {
          firstName: 'Burst',
          lastName: `Patient${i}`,
          dateOfBirth: '1990-05-17',
          gender: i % 2 ? 'Female' : 'Male',
          phoneNumber: `0803${String(1_000_000 + i).slice(1)}`,
          address: `${i} Marina, Lagos`,
          identificationNumber: `BURST${String(i).padStart(5, '0')}`,
          allowDuplicate: true,
        },
      }).then(
        (res) => {
          answered++;
          if (res.status === 201) acknowledged.push((res.body.data as { patient: { id: string } }).patient.id);
          // The power goes out a little into the burst, with registrations in flight.
          if (answered === 40) void server!.kill('SIGKILL');
        },
        () => undefined,
      ),
    );
    await Promise.all(burst);
    expect((await server!.exited).signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged.length).toBeLessThan(200);

    server = await startServerProcess({ databaseUrl: db.url, dataDir });
    await waitUntilCaughtUp(server.baseUrl);
    const list = await call(server.baseUrl, 'GET', '/api/patients?limit=1000&search=Burst', { token: receptionist });
    const patients = (list.body.data as { patients: { id: string; identificationNumber: string }[] }).patients;
    const ids = patients.map((p) => p.id);
    for (const id of acknowledged) expect(ids).toContain(id);
    // Nothing doubled: one row per patient and per identification number, one event per row.
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(patients.map((p) => p.identificationNumber)).size).toBe(patients.length);
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    try {
      const { rows } = await sql.query("select count(*)::int as n from events where type = 'PatientRegistered'");
      expect(rows[0].n).toBe(patients.length);
    } finally {
      await sql.end();
    }
    const stats = await call(server.baseUrl, 'GET', '/api/patients/stats', { token: receptionist });
    expect((stats.body.data as { totalPatients: number }).totalPatients).toBe(patients.length);
  }, 180_000);
});
