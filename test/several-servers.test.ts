import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { LiveSocket } from './helpers/live-socket';
import { randomIp, registrationCookie, registrationInput } from './helpers/onboard';
import { readVerificationCode } from './helpers/outbox';
import { newPatient } from './helpers/patients-api';
import { call, startServerProcess, waitUntilCaughtUp, type ServerProcess } from './helpers/server-process';

type Leases = { connected: boolean; held: string[]; standby: string[] };

/**
 * Two real servers (src/main.ts, each its own process and DATA_DIR) on one PostgreSQL, as an
 * operator runs them behind a load balancer: each projection, reactor and elected timer runs on
 * exactly one of them, a push crosses from one to the other, the leader's death is taken over
 * with no work lost or done twice, and a rolling restart fails no idempotent request.
 */
describe('several servers on one database', () => {
  let db: TestDatabase;
  let sql: pg.Pool;
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  let token: string;
  /** The server still running after the leader was killed. */
  let alive: ServerProcess;

  const start = async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-nodes-'));
    dirs.push(dataDir);
    const server = await startServerProcess({ databaseUrl: db.url, dataDir });
    servers.push(server);
    return { server, dataDir };
  };
  const leases = async (s: ServerProcess): Promise<Leases> =>
    ((await call(s.baseUrl, 'GET', '/api/health')).body.data as { leases: Leases }).leases;
  const count = async (query: string) => Number((await sql.query(query)).rows[0].count);
  /** Waits until `s` runs every piece of background work (it took over), within `ms`. */
  const until = async (check: () => Promise<boolean>, ms: number, what: string) => {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Every event has its one audit trail entry: none lost, none twice. */
  const expectTrailComplete = async (s: ServerProcess) => {
    await waitUntilCaughtUp(s.baseUrl);
    const events = await count('select count(*) from events');
    expect(await count('select count(*) from audit_events')).toBe(events);
    expect(await count('select count(distinct event_id) from audit_events')).toBe(events);
  };
  const register = (base: string, key = randomUUID()) =>
    call(base, 'POST', '/api/patients', { token, body: newPatient(), headers: { 'idempotency-key': key } });

  beforeAll(async () => {
    db = await createTestDatabase();
    sql = new pg.Pool({ connectionString: db.url, max: 2 });
    const { server: a, dataDir } = await start();
    await start();
    const input = registrationInput();
    const ip = randomIp();
    const registered = await call(a.baseUrl, 'POST', '/api/hospital/register-with-verification', { body: input, ip });
    expect(registered.status).toBe(200);
    const code = await readVerificationCode(path.join(dataDir, 'outbox'), input.adminData.email);
    // The code verifies the registration this client made: the answer's cookie binds them (issue 33).
    const verified = await call(a.baseUrl, 'POST', '/api/hospital/verify-email', {
      body: { email: input.adminData.email, token: code },
      ip,
      headers: { cookie: registrationCookie(registered) },
    });
    expect(verified.status).toBe(200);
    token = verified.body.token as string;
    expect((await call(a.baseUrl, 'PUT', '/api/users/plan', { token, body: { plan: 'hospital' } })).status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    for (const s of servers) await s.kill('SIGKILL');
    await sql?.end();
    await db?.drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('runs each projection, reactor and timer on exactly one server', async () => {
    const [a, b] = [await leases(servers[0]!), await leases(servers[1]!)];
    expect(a.connected && b.connected).toBe(true);
    expect(a.held.filter((n) => b.held.includes(n))).toEqual([]);
    expect([...a.held, ...b.held].sort()).toEqual([...a.held, ...a.standby].sort());
    expect(a.held).toEqual(expect.arrayContaining(['projection:audit-trail', 'background:appointments-sweep']));
  });

  it('pushes a write made on one server to a socket on the other', async () => {
    const [a, b] = servers;
    const socket = await LiveSocket.connect(b!.baseUrl.replace('http', 'ws'), token, 'on b');
    const patient = newPatient();
    expect((await call(a!.baseUrl, 'POST', '/api/patients', { token, body: patient })).status).toBe(201);
    const pushed = await socket.next('patient_created', (m) => {
      return (m.data.patient as { lastName: string }).lastName === patient.lastName;
    });
    expect(pushed.type).toBe('patient_created');
    await socket.close();
  });

  it('takes over from a leader killed under load, with no work lost or done twice', async () => {
    const [a, b] = servers;
    const leader = (await leases(a!)).held.includes('projection:audit-trail') ? a! : b!;
    const standby = leader === a ? b! : a!;
    let writing = true;
    const written: number[] = [];
    const load = (async () => {
      while (writing) written.push((await register(standby.baseUrl)).status);
    })();
    await new Promise((r) => setTimeout(r, 500));
    await leader.kill('SIGKILL');
    const killedAt = Date.now();
    await until(async () => (await leases(standby)).standby.length === 0, 15_000, 'the standby took every lease');
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    await new Promise((r) => setTimeout(r, 500));
    writing = false;
    await load;
    expect(written.length).toBeGreaterThan(5);
    expect(written.every((s) => s === 201)).toBe(true);
    await expectTrailComplete(standby);
    alive = standby;
  }, 60_000);

  it('restarts one server at a time with no idempotent request failing', async () => {
    const survivor = alive;
    const { server: fresh } = await start();
    const registeredBefore = await count(`select count(*) from events where type = 'PatientRegistered'`);
    const nodes = [survivor, fresh];
    const failures: string[] = [];
    let done = 0;
    let writing = true;
    /** A client behind a load balancer: a refused connection is sent again, same key, to the other node. */
    const client = async (n: number) => {
      let turn = n;
      while (writing) {
        const key = randomUUID();
        for (let attempt = 0; ; attempt++) {
          const node = nodes[turn++ % 2]!;
          try {
            const res = await register(node.baseUrl, key);
            if (res.status !== 201) failures.push(`${res.status} ${JSON.stringify(res.body)}`);
            done++;
            break;
          } catch (err) {
            if (attempt > 20) {
              failures.push(String(err));
              break;
            }
          }
        }
      }
    };
    const clients = [0, 1, 2, 3].map(client);
    await new Promise((r) => setTimeout(r, 700));
    // Stop the first, start a new one in its place, then stop the second: a rolling restart.
    await survivor.kill('SIGTERM');
    expect((await survivor.exited).code).toBe(0);
    const { server: replacement } = await start();
    nodes[0] = replacement;
    await new Promise((r) => setTimeout(r, 500));
    await fresh.kill('SIGTERM');
    expect((await fresh.exited).code).toBe(0);
    nodes[1] = replacement;
    await new Promise((r) => setTimeout(r, 500));
    writing = false;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(done).toBeGreaterThan(10);
    await until(async () => (await leases(replacement)).standby.length === 0, 15_000, 'the last node took over');
    await expectTrailComplete(replacement);
    // Each request registered its patient once, retries included.
    expect(await count(`select count(*) from events where type = 'PatientRegistered'`)).toBe(registeredBefore + done);
  }, 180_000);
});
