/**
 * A day at a 300-bed hospital: `npm run bench:day [-- --minutes 10 --staff 200]`.
 *
 * The server runs as its own process (`src/main.ts`) on a throwaway embedded PostgreSQL (or the
 * one `--database-url` names). One hospital is onboarded through the API, with past patients
 * seeded, a pharmacy stock and a price list; `--staff` people in the role mix of ROLE_MIX are
 * hired, sign in, change their temporary password and keep a /ws socket open as the browser does.
 * For `--minutes` each works through their role's loop (day-roles.ts) with think times. Reported:
 * p50/p95/p99 and status codes per route kind, errors, the push latency of each notification at
 * every receiving socket, the server's (and PostgreSQL's) CPU per request beside a trivial Fastify
 * route's in the same run, and the load average. Writes the `day` section of docs/benchmarks.md.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPool } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { createLogger } from '../src/platform/logger';
import { printStatements, withStatements } from './pg-statements';
import { seedPatients } from './patients-seed';
import { PushClock, processCpu, Recorder, treeCpu } from './day-metrics';
import { dayReport } from './day-report';
import { work } from './day-roles';
import { caughtUp, hire, openHospital, stockPharmacy } from './day-setup';
import { roleMix, Staff, type Day } from './day-staff';
import { load, startServer, startTrivialFastify, type Child } from './harness';
import { writeSection } from './report';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    staff: { type: 'string', default: '200' },
    think: { type: 'string', default: '1' },
    patients: { type: 'string', default: '20000' },
    'database-url': { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    /** Diagnostics, printed only: the server's V8 CPU profile into this folder; PostgreSQL's top statements. */
    'cpu-prof': { type: 'string' },
    'pg-stats': { type: 'boolean', default: false },
  },
});
const MINUTES = Number(args.minutes);
const STAFF = Number(args.staff);
const THINK = Number(args.think);
const PAST_PATIENTS = Number(args.patients);
const IDLE_SECONDS = 15;
const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function main() {
  const log = createLogger('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-day-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    let databaseUrl = args['database-url'];
    let postmaster: number | null = null;
    if (!databaseUrl) {
      let embedded = await startEmbeddedPostgres(dir, log);
      if (args['pg-stats']) embedded = await withStatements(embedded, dir);
      stops.push(embedded.stop);
      databaseUrl = embedded.url;
      postmaster = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    }
    const dataDir = path.join(dir, 'app');
    // Only the server's process is profiled (written when it stops).
    const profile = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(args['cpu-prof'])}`] : [];
    const server = await startServer(databaseUrl, dataDir, undefined, profile);
    stops.unshift(server.stop);
    const base = server.url;

    step('hospital, past patients');
    const hospital = await openHospital(base, dataDir);
    await seedPatients(databaseUrl, hospital.hospitalId, PAST_PATIENTS, 'discharged');
    await caughtUp(base);
    const roles = roleMix(STAFF);
    step(`hiring ${roles.length} staff`);
    const accounts = await hire(base, dataDir, hospital, roles);
    const day: Day = {
      base,
      recorder: new Recorder(),
      clock: new PushClock(),
      think: THINK,
      end: Infinity,
      medications: [],
    };
    day.medications = await stockPharmacy(
      base,
      accounts.find((a) => a.role === 'pharmacist')!,
      accounts.find((a) => a.role === 'accountant')!,
    );
    const staff = accounts.map((a, i) => new Staff(day, a.role, a.token, a.ip, i));
    step('sockets');
    for (let i = 0; i < staff.length; i += 50) await Promise.all(staff.slice(i, i + 50).map((s) => s.connect()));
    await caughtUp(base);

    // What the server and PostgreSQL spend with every socket open and nobody working.
    const idle0 = { server: processCpu(server.pid), pg: postmaster ? treeCpu(postmaster) : 0, at: performance.now() };
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const idleSeconds = (performance.now() - idle0.at) / 1000;
    const idle = {
      serverMsPerSecond: (processCpu(server.pid) - idle0.server) / idleSeconds,
      pgMsPerSecond: postmaster ? (treeCpu(postmaster) - idle0.pg) / idleSeconds : 0,
    };

    if (args['pg-stats']) {
      const pool = createPool(databaseUrl, 1);
      await pool.query('select pg_stat_statements_reset()');
      await pool.end();
    }
    step(`the day: ${MINUTES} min, ${staff.length} staff; load ${loadavg()}`);
    const loadAtStart = loadavg();
    const cpu0 = {
      server: processCpu(server.pid),
      pg: postmaster ? treeCpu(postmaster) : 0,
      bench: process.cpuUsage(),
    };
    const started = performance.now();
    day.end = started + MINUTES * 60_000;
    day.recorder.measuring = true;
    day.clock.measuring = true;
    const progress = setInterval(
      () => step(`${day.recorder.requests} requests, load ${loadavg()}`),
      Math.min(60_000, MINUTES * 15_000),
    );
    const loops = Promise.all(staff.map((s) => work(s)));
    await new Promise((r) => setTimeout(r, MINUTES * 60_000));
    day.recorder.measuring = false;
    const elapsed = performance.now() - started;
    const cpu1 = {
      server: processCpu(server.pid),
      pg: postmaster ? treeCpu(postmaster) : 0,
      bench: process.cpuUsage(cpu0.bench),
    };
    const loadAtEnd = loadavg();
    clearInterval(progress);
    // Calls under way finish (not counted); pushes of counted commands may still arrive.
    await Promise.race([loops, new Promise((r) => setTimeout(r, 30_000))]);
    await new Promise((r) => setTimeout(r, 3000));
    day.clock.measuring = false;
    day.clock.finish();
    const received = staff.reduce((n, s) => n + s.received, 0);
    staff.forEach((s) => s.socket?.close(1000));

    step('baseline: trivial Fastify route');
    const trivial: Child = await startTrivialFastify();
    stops.unshift(trivial.stop);
    const t0 = processCpu(trivial.pid);
    const baseline = await load({ url: `${trivial.url}/`, connections: 10, duration: 5 });
    const trivialCpu = processCpu(trivial.pid) - t0;
    await trivial.stop();

    const md = dayReport({
      minutes: MINUTES,
      elapsedMs: elapsed,
      roles,
      think: THINK,
      pastPatients: PAST_PATIENTS,
      embedded: postmaster !== null,
      recorder: day.recorder,
      clock: day.clock,
      socketsMessages: received,
      cpu: {
        serverMs: cpu1.server - cpu0.server,
        pgMs: cpu1.pg - cpu0.pg,
        benchMs: (cpu1.bench.user + cpu1.bench.system) / 1000,
      },
      idle,
      baseline: { requests: baseline.total, cpuMs: trivialCpu, rps: baseline.requestsPerSecond, p99: baseline.p99 },
      load: { start: loadAtStart, end: loadAtEnd },
    });
    console.log(`\n${md}\n`);
    if (args['pg-stats']) await printStatements(databaseUrl);
    if (!args['no-write']) console.log(`written to ${await writeSection('day', md)}`);
  } finally {
    for (const stop of stops) await stop().catch((e: Error) => console.error(`clean-up: ${e.message}`));
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
