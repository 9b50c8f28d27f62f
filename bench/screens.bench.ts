/**
 * Screens as a person sees them: `npm run bench:screens` (run `npm run build` first).
 *
 * The server runs as its own process (`src/main.ts`, serving dist/web) on the embedded PostgreSQL
 * of a seeded hospital (bench/screens-hospital.ts: 100,000 patients, each with a day of clinical
 * work, staff of every role). Chromium (playwright-core) signs in each role through its login page,
 * then opens each main screen (bench/screens-list.ts) SCREENS_RUNS times from its address, and
 * times it until the screen's content is shown (not a loading state), with the server idle (the
 * baseline) and while background staff work through bench:day's loops. Beside them: a trivial
 * Fastify route and a raw PostgreSQL page read, and the load averages. Writes the `screens`
 * section of docs/benchmarks.md.
 *
 * Environment:
 * - SCREENS_DATA_DIR: where the hospital is kept. The first run seeds it (about 10 min on a
 *   quiet machine at 100,000 patients), later runs only measure. Unset: a temporary directory,
 *   seeded and removed in the same run.
 * - SCREENS_PHASES: `idle,busy` (default); `idle` or `busy` alone; `seed` to seed and stop.
 * - SCREENS_RUNS (20), SCREENS_PATIENTS (100,000, when seeding), SCREENS_STAFF (20 staff at work),
 *   SCREENS_COUNT_RUNS (3: the loads of a screen, in each phase, whose requests are counted),
 *   SCREENS_WARMUP (3: rounds over every screen before anything is timed; their first loads are reported),
 *   SCREENS_SETTLE (300: at most this many seconds of waiting, before the idle phase, for the server to catch up
 *   and the load average to fall under 1),
 *   SCREENS_ONLY (screen names, comma separated, part of a name will do: a partial run, which
 *   prints its section without writing it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { WEB_DIST } from '../src/app';
import { createLogger } from '../src/platform/logger';
import { launchBrowser } from '../test/browser/helpers/browser';
import { PushClock, Recorder } from './day-metrics';
import { work } from './day-roles';
import { Staff, type Day } from './day-staff';
import { startTrivialFastify } from './harness';
import { machineLine, writeSection } from './report';
import { openSeededHospital, signInAgain } from './screens-hospital';
import { signIn, signInOn } from './screens-login';
import { SCREENS, type ScreenRole } from './screens-list';
import { measurePhase, median, warmUp, type Signed } from './screens-measure';
import { screensSection, type Settled } from './screens-report';
import { caughtUp } from './day-setup';

const env = process.env;
const RUNS = Number(env.SCREENS_RUNS ?? 20);
const PATIENTS = env.SCREENS_PATIENTS ? Number(env.SCREENS_PATIENTS) : undefined;
const STAFF = Number(env.SCREENS_STAFF ?? 20);
const COUNT_RUNS = Number(env.SCREENS_COUNT_RUNS ?? 3);
const WARM_ROUNDS = Number(env.SCREENS_WARMUP ?? 3);
const PHASES = (env.SCREENS_PHASES ?? 'idle,busy').split(',').map((p) => p.trim());
const ONLY = (env.SCREENS_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const SETTLE_SECONDS = Number(env.SCREENS_SETTLE ?? 300);
const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);

/** The command as run, its settings included, for the section and for running it again. */
function command(): string {
  const set = Object.keys(env)
    .filter((k) => k.startsWith('SCREENS_'))
    .sort()
    .map((k) => `${k}=${env[k]}`);
  return [...set, 'npm run bench:screens'].join(' ');
}

/**
 * Before the idle phase: until the server has caught up with the warm-up's events (each load's reads are
 * recorded and projected) and the 1-minute load average is under 1, for at most SCREENS_SETTLE seconds.
 * The warm-up leaves the load at 3–5, and the first screens timed met the trail still projecting its reads.
 */
async function settle(base: string): Promise<Settled> {
  const started = performance.now();
  step(
    `settling: waiting for the server to catch up and the load average to fall under 1 (at most ${SETTLE_SECONDS} s)`,
  );
  // Still behind at the deadline: measured all the same, and the section says the machine was not quiet.
  const caught = await caughtUp(base, SETTLE_SECONDS * 1000).then(
    () => true,
    () => false,
  );
  const seconds = () => (performance.now() - started) / 1000;
  while (os.loadavg()[0]! >= 1 && seconds() < SETTLE_SECONDS) await new Promise((r) => setTimeout(r, 2000));
  const load = os.loadavg()[0]!;
  step(`settled after ${seconds().toFixed(0)} s: load ${load.toFixed(2)}${caught ? '' : ', the server still behind'}`);
  return { seconds: seconds(), load, quiet: caught && load < 1 };
}

async function main() {
  const unknown = PHASES.filter((p) => !['seed', 'idle', 'busy'].includes(p));
  if (unknown.length) throw new Error(`SCREENS_PHASES: unknown ${unknown.join(', ')} (idle, busy or seed)`);
  const measuring = PHASES.includes('idle') || PHASES.includes('busy');
  if (measuring && !existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}/index.html is missing: run npm run build first`);
  }
  const screens = SCREENS.filter((s) => !ONLY.length || ONLY.some((o) => s.name.toLowerCase().includes(o)));
  const kept = env.SCREENS_DATA_DIR ? path.resolve(env.SCREENS_DATA_DIR) : null;
  const dir = kept ?? mkdtempSync(path.join(os.tmpdir(), 'hms-bench-screens-'));
  const busyWanted = PHASES.includes('busy') && STAFF > 0;
  const stops: (() => Promise<void>)[] = [];
  let browser: Browser | undefined;
  try {
    const hospital = await openSeededHospital(dir, {
      patients: PATIENTS,
      hire: STAFF,
      working: busyWanted ? STAFF : 0,
      log: createLogger('silent'),
    });
    stops.push(hospital.embedded.stop);
    stops.unshift(hospital.server.stop);
    const base = hospital.server.url;
    const m = hospital.manifest;
    step(`hospital ready: ${m.patients} patients, ${hospital.events} events, ${hospital.listed} listed`);
    if (!measuring) return;

    step('baselines');
    const trivial = await startTrivialFastify();
    stops.unshift(trivial.stop);
    const trivialMs = await median(() => fetch(`${trivial.url}/`).then((r) => r.text()));
    const owner = new pg.Pool({ connectionString: hospital.embedded.url, max: 1 });
    const rawMs = await median(() =>
      owner.query(
        `select * from patients_list where hospital_id = $1 and deleted_at is null
         order by registered_at desc, patient_id limit 10`,
        [m.hospitalId],
      ),
    ).finally(() => owner.end());

    step('signing in each role in Chromium');
    browser = await launchBrowser();
    const pages = new Map<ScreenRole, Signed>();
    const logins = new Map(m.logins);
    for (const role of new Set(screens.map((s) => s.role))) {
      const who = logins.get(role)!;
      const page = await signIn(browser, base, who);
      pages.set(role, { page, signInAgain: () => signInOn(page, who) });
    }

    const started = performance.now();
    // The machine line's load average is the one when the measuring starts.
    const machine = machineLine(
      `Chromium (playwright-core), embedded PostgreSQL; the machine may be shared with other work, so the load averages below are the whole machine's`,
    );
    step(`warming up: every screen ${WARM_ROUNDS} times in turn`);
    const firstLoads = await warmUp(pages, screens, WARM_ROUNDS);
    let idle = null;
    let settled = null;
    if (PHASES.includes('idle')) {
      settled = await settle(base);
      step(`screens, server idle: ${screens.length} screens × ${RUNS}; load ${os.loadavg()[0]!.toFixed(2)}`);
      idle = await measurePhase(pages, screens, { runs: RUNS, countRuns: COUNT_RUNS });
    }
    let busy = null;
    if (busyWanted) {
      const day: Day = {
        base,
        recorder: new Recorder(),
        clock: new PushClock(),
        think: 1,
        end: Infinity,
        medications: m.medications,
      };
      // Signed in now: the sessions opened before the idle phase have ended with its idle time.
      const accounts = await signInAgain(base, hospital.staff);
      const staff = accounts.map((a, i) => new Staff(day, a.role, a.token, a.ip, i));
      for (const s of staff) await s.connect();
      day.recorder.measuring = true;
      const loops = Promise.all(staff.map((s) => work(s)));
      await new Promise((r) => setTimeout(r, 30_000));
      step(`screens, ${staff.length} staff at work: load ${os.loadavg()[0]!.toFixed(2)}`);
      const phase = await measurePhase(pages, screens, { runs: RUNS, countRuns: COUNT_RUNS });
      // The staff's own requests: any answered neither 2xx nor a colleague's 409 is an error of the server's.
      const kinds = day.recorder.summary();
      const errors = kinds.reduce((n, k) => n + k.errors, 0);
      const errorSamples = kinds.flatMap((k) => k.samples).slice(0, 3);
      for (const sample of errorSamples) step(`  staff error: ${sample}`);
      busy = { ...phase, staff: staff.length, requests: day.recorder.requests, errors, errorSamples };
      day.end = 0;
      // Each ends after its current screen and think time (up to half a minute, or more); a call
      // still under way when the server stops is recorded as a network error, which nothing reads.
      await Promise.race([loops, new Promise((r) => setTimeout(r, 30_000))]);
      for (const s of staff) s.socket?.close();
    }
    const markdown = screensSection({
      command: command(),
      machine,
      manifest: m,
      seededNow: hospital.seededNow,
      events: hospital.events,
      listed: hospital.listed,
      screens,
      runs: RUNS,
      countRuns: COUNT_RUNS,
      warmRounds: WARM_ROUNDS,
      firstLoads,
      settled,
      trivialMs,
      rawMs,
      idle,
      busy,
      minutes: (performance.now() - started) / 60_000,
      totalMinutes: performance.now() / 60_000,
    });
    console.log(markdown);
    for (const p of [idle, busy]) {
      if (!p) continue;
      // What a phase of SCREENS.length screens × 20 runs would take at this run's pace per load.
      const full =
        SCREENS.length * ((1 + 20 - COUNT_RUNS) * p.wall.timed + COUNT_RUNS * (p.wall.counted || p.wall.timed));
      step(
        `${p === idle ? 'idle' : 'busy'}: ${p.wall.timed.toFixed(2)} s a timed load, ${p.wall.counted.toFixed(2)} s a counted one; all ${SCREENS.length} screens × 20 would take about ${(full / 60).toFixed(1)} min at this pace`,
      );
    }
    if (ONLY.length) console.log('(SCREENS_ONLY: a partial run, docs/benchmarks.md left as it was)');
    else console.log(`written to ${await writeSection('screens', markdown)}`);
  } finally {
    await browser?.close();
    for (const stop of stops) await stop().catch(() => undefined);
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
