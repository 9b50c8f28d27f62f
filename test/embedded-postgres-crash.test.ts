import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded-postgres';
import { createLogger } from '../src/platform/logger';
import { onboardHospital, randomIp, registrationInput } from './helpers/onboard';
import { call, startServerProcess, type ServerProcess } from './helpers/server-process';
import { patientsStored, untilWritesSucceed, writeLoad, type LoadResult } from './helpers/write-load';

const dirs: string[] = [];
/** A DATA_DIR of its own (the embedded cluster's postgres user must be able to enter it). */
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-embedded-crash-'));
  dirs.push(dir);
  return dir;
};
const postmasterPid = (dataDir: string) =>
  Number(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
const isAlive = (pid: number) => {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
};
const until = async (check: () => boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return check();
};

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill('SIGKILL');
  for (const dir of dirs) {
    const pidFile = path.join(dir, 'pg', 'postmaster.pid');
    if (existsSync(pidFile)) process.kill(postmasterPid(dir), 'SIGQUIT');
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL stopped or killed under load (issue 35 §1)', () => {
  let embedded: EmbeddedDatabase;
  let built: BuiltApp;
  let dataDir: string;
  let baseUrl: string;
  let token: string;
  // A lost connection would surface here (an 'error' event nobody hears), not in a request.
  const crashes: unknown[] = [];
  const onCrash = (err: unknown) => crashes.push(err);

  beforeAll(async () => {
    dataDir = freshDataDir();
    const log = createLogger('silent');
    embedded = await startEmbeddedPostgres(dataDir, log);
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-secret-test-secret-test-secret-42',
      TRUST_PROXY: 'true',
    });
    built = await buildApp({ ...config, databaseUrl: embedded.url }, { log });
    baseUrl = await built.app.listen({ port: 0, host: '127.0.0.1' });
    token = (await onboardHospital({ app: built.app, dataDir })).token;
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
  }, 120_000);
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await built?.close();
    await embedded?.stop();
  });

  const expectRecovered = async (result: LoadResult) => {
    await untilWritesSucceed(baseUrl, token);
    expect(result.unexpected).toEqual([]);
    expect(result.unavailable).toBeGreaterThan(0);
    expect(result.unavailableWellFormed).toBe(result.unavailable);
    expect(await patientsStored(embedded.url, result.acknowledged)).toBe(result.acknowledged.length);
    expect((await call(baseUrl, 'GET', '/api/health')).status).toBe(200);
    expect(crashes).toEqual([]);
  };

  it('stopped and started again: 503 with Retry-After and a reason in health meanwhile, then it recovers', async () => {
    const load = writeLoad(baseUrl, token);
    await new Promise((r) => setTimeout(r, 500));
    await embedded.stop();
    const health = await fetch(`${baseUrl}/api/health`);
    const body = (await health.json()) as { success: boolean; data: { status: string; reason?: string } };
    await new Promise((r) => setTimeout(r, 1500));
    await embedded.start();
    const result = await load.stop();

    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('5');
    expect(body.success).toBe(false);
    expect(body.data.status).toBe('down');
    expect(body.data.reason).toMatch(/^The database is unreachable; the server keeps trying/);
    // A local caller also reads the driver's own words.
    expect(body.data.reason).toMatch(/: .*(ECONNREFUSED|terminat|shut)/);
    await expectRecovered(result);
  }, 120_000);

  it('its postmaster killed with SIGKILL, as the OOM killer does: the app starts it again and recovers by itself', async () => {
    const load = writeLoad(baseUrl, token);
    await new Promise((r) => setTimeout(r, 500));
    const killed = postmasterPid(dataDir);
    process.kill(killed, 'SIGKILL');
    // Nobody calls start: the app notices and brings its cluster back.
    await untilWritesSucceed(baseUrl, token, 60_000);
    const result = await load.stop();
    expect(postmasterPid(dataDir)).not.toBe(killed);
    await expectRecovered(result);
  }, 120_000);
});

describe('the embedded PostgreSQL after a crash (issue 35 §2)', () => {
  it('a server killed with SIGKILL leaves its postmaster running; the next start stops it and comes up healthy', async () => {
    const dataDir = freshDataDir();
    const first = await startServerProcess({ databaseUrl: null, dataDir });
    servers.push(first);
    const orphan = postmasterPid(dataDir);
    await first.kill('SIGKILL');
    // What the issue found: the cluster outlives its server, holding DATA_DIR.
    expect(isAlive(orphan)).toBe(true);

    const second = await startServerProcess({ databaseUrl: null, dataDir });
    servers.push(second);
    expect(isAlive(orphan)).toBe(false);
    const now = postmasterPid(dataDir);
    expect(now).not.toBe(orphan);
    expect((await call(second.baseUrl, 'GET', '/api/health')).status).toBe(200);

    // SIGHUP (the terminal closed) is a shutdown too: the app stops its PostgreSQL and exits 0.
    await second.kill('SIGHUP');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(await until(() => !isAlive(now))).toBe(true);
  }, 180_000);

  it('a crash by an uncaught exception stops its PostgreSQL before the process exits', async () => {
    const dataDir = freshDataDir();
    const server = await startServerProcess({
      databaseUrl: null,
      dataDir,
      env: { HMS_CRASH_AT: 'uncaught:after-commit:ApplicantMailSent' },
    });
    servers.push(server);
    const pid = postmasterPid(dataDir);
    await call(server.baseUrl, 'POST', '/api/hospital/register-with-verification', {
      body: registrationInput(),
      ip: randomIp(),
    }).catch(() => undefined);
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.output()).toContain('uncaught exception; stopping');
    expect(isAlive(pid)).toBe(false);
  }, 120_000);

  it("a cluster that will not start: the error says PostgreSQL's own reason", async () => {
    const dataDir = freshDataDir();
    const server = await startServerProcess({ databaseUrl: null, dataDir });
    servers.push(server);
    await server.kill('SIGTERM');
    writeFileSync(path.join(dataDir, 'pg', 'postgresql.auto.conf'), "shared_buffers = 'plenty'\n");
    await expect(startServerProcess({ databaseUrl: null, dataDir })).rejects.toThrow(
      /PostgreSQL did not start in .*invalid value for parameter \\?"shared_buffers\\?": \\?"plenty\\?"/s,
    );
  }, 180_000);
});
