import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { createLogger } from '../src/platform/logger';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { LiveSocket, wsBase } from './helpers/live-socket';
import { onboardHospital, type Onboarded } from './helpers/onboard';
import { asClient, newPatient } from './helpers/patients-api';
import { hireAndSignIn } from './helpers/staff-api';

/**
 * The notifier across a restart, on one database: an event delivered before the restart is not
 * pushed again, one appended while no notifier ran is kept in the history but not pushed to
 * sockets that connect later, and one after the restart is pushed once.
 */
describe('the notifier across a server restart', () => {
  let db: TestDatabase;
  let dataDir: string;
  let app: BuiltApp | undefined;
  let a: Onboarded;
  let receptionist: string;
  let doctor: string;

  const start = async (startProjections = true) => {
    const config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'test-secret-test-secret-test-secret-42',
        TRUST_PROXY: 'true',
      }),
      databaseUrl: db.url,
    };
    app = await buildApp(config, { log: createLogger('silent'), startProjections });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  };
  const stop = async () => {
    await app?.close();
    app = undefined;
  };
  const register = async (lastName: string) => {
    const res = await app!.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(receptionist),
      payload: newPatient({ lastName }),
    });
    expect(res.statusCode).toBe(201);
  };
  const names = (messages: { type: string; data: Record<string, unknown> }[]) =>
    messages.filter((m) => m.type === 'patient_created').map((m) => (m.data.patient as { lastName: string }).lastName);

  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-restart-'));
    const first = await start();
    a = await onboardHospital({ app: first.app, dataDir });
    receptionist = (await hireAndSignIn({ app: first.app, dataDir }, a.token, 'receptionist')).token;
    doctor = (await hireAndSignIn({ app: first.app, dataDir }, a.token, 'doctor')).token;
  });
  afterAll(async () => {
    await stop();
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('pushes the event after the restart once, and neither the one before nor the one missed while down', async () => {
    const before = await LiveSocket.connect(wsBase(app!.app), doctor, 'doctor before');
    await register('Before');
    await before.next('patient_created');
    await stop();

    // A server whose feed consumers do not run: the event is appended, the notifier does not see it yet.
    await start(false);
    await register('WhileDown');
    await stop();

    const restarted = await start();
    const after = await LiveSocket.connect(wsBase(restarted.app), doctor, 'doctor after');
    await register('After');
    await after.next('patient_created', (m) => (m.data.patient as { lastName: string }).lastName === 'After');
    // Pushes follow the feed's order: once the closing announcement is here, nothing else is coming.
    await restarted.app.inject({
      method: 'POST',
      url: '/api/announcements',
      headers: asClient(a.token),
      payload: { message: 'end of test' },
    });
    await after.next('hospital_announcement');
    expect(names(after.received)).toEqual(['After']);
    expect(names(before.received)).toEqual(['Before']);

    // The history has each of the three exactly once, newest first.
    const history = await restarted.app.inject({
      method: 'GET',
      url: '/api/notifications?limit=50',
      headers: asClient(doctor),
    });
    const created = (history.json().data.notifications as { type: string; data: Record<string, unknown> }[]).filter(
      (n) => n.type === 'patient_created',
    );
    expect(names(created)).toEqual(['After', 'WhileDown', 'Before']);
    await after.close();
  });
});
