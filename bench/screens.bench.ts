/**
 * Screens as a person sees them: `npm run bench:screens` (run `npm run build` first).
 *
 * The server runs as its own process (`src/main.ts`, serving dist/web) on a throwaway embedded
 * PostgreSQL. One hospital is onboarded through the API and staff of every role hired; its past is
 * then written straight into the events table (SCREENS_PATIENTS patients, default 100,000, each
 * with a day of clinical work: vitals, consultation, prescriptions, lab, dispensing, invoice,
 * payment and reads, as test/helpers/hospital-feed.ts writes it) and the server restarted to
 * project it. Chromium (playwright-core) signs in each role through its login page, then opens
 * each main screen (bench/screens-list.ts) SCREENS_RUNS times (default 20), from its address, and
 * times it until the screen's content is shown (not a loading state). Each screen is measured
 * twice in the same run: with the server idle (the baseline) and while SCREENS_STAFF background
 * staff (default 20) work through bench:day's loops. Beside them: a trivial Fastify route and a
 * raw PostgreSQL page read, and the load average. Writes the `screens` section of docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { WEB_DIST } from '../src/app';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { createLogger } from '../src/platform/logger';
import { launchBrowser } from '../test/browser/helpers/browser';
import { seedHospitalFeed } from '../test/helpers/hospital-feed';
import { readOutbox } from '../test/helpers/outbox';
import { decodeQuotedPrintable } from '../test/helpers/staff-api';
import { PushClock, Recorder } from './day-metrics';
import { work } from './day-roles';
import { caughtUp, hire, openHospital, post, stockPharmacy } from './day-setup';
import { roleMix, Staff, type Day } from './day-staff';
import { startServer, startTrivialFastify, type Child } from './harness';
import { machineLine, ms, percentile, table, writeSection, type Row } from './report';
import { contentShown, DEFAULT_CONTENT, SCREENS, type Screen, type ScreenRole } from './screens-list';

const RUNS = Number(process.env.SCREENS_RUNS ?? 20);
const PATIENTS = Number(process.env.SCREENS_PATIENTS ?? 100_000);
const STAFF = Number(process.env.SCREENS_STAFF ?? 20);
const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const count = (n: number) => n.toLocaleString('en-US');

type Login = { email: string; password: string; area: 'admin' | 'user' };
type Load = { ms: number; requests: number; api: number; twice: string[] };

/** A member of staff of `role` with a password of their own, for the login page. */
async function staffMember(base: string, dataDir: string, adminToken: string, role: ScreenRole): Promise<Login> {
  const email = `${role.replace('_', '-')}-${randomUUID().slice(0, 8)}@screens.test`;
  await post(base, '/api/users', { firstName: 'Screens', lastName: role.replace('_', ' '), email, role }, adminToken);
  const mail = (await readOutbox(path.join(dataDir, 'outbox'), email))[0]!;
  const temporary = /^Temporary password: (\S+)\s*$/m.exec(decodeQuotedPrintable(mail.raw))![1]!;
  const login = await post(base, '/api/auth/login', { email, password: temporary });
  const token = (login.data as { token: string }).token;
  const password = `Okra-Harmattan-${randomUUID().slice(0, 12)}`;
  await post(
    base,
    '/api/auth/change-password',
    { currentPassword: temporary, newPassword: password, confirmPassword: password },
    token,
  );
  return { email, password, area: 'user' };
}

async function signIn(browser: Browser, base: string, who: Login): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await page.goto(who.area === 'admin' ? '/admin/login' : '/user/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'), { timeout: 60_000 });
  return page;
}

/** One load of `screen` from its address: time until its content shows, and what it asked for. */
async function open(page: Page, screen: Screen): Promise<Load> {
  const requests: string[] = [];
  const onRequest = (r: { method(): string; url(): string }) => requests.push(`${r.method()} ${r.url()}`);
  page.on('request', onRequest);
  const t0 = performance.now();
  try {
    await page.goto(screen.path, { waitUntil: 'commit' });
    await page
      .waitForFunction(contentShown, screen.content ?? DEFAULT_CONTENT, { timeout: 30_000 })
      .catch(async (e: Error) => {
        const main = await page
          .locator('main')
          .first()
          .innerText({ timeout: 1000 })
          .catch(() => '(no main)');
        throw new Error(`${screen.path}: no content in 30 s (${e.message}); main shows: ${main.slice(0, 300)}`);
      });
    const shown = performance.now() - t0;
    // Requests of the load that come after the content (a second fetch of the same list, say).
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    const api = requests.filter((r) => new URL(r.slice(r.indexOf(' ') + 1)).pathname.startsWith('/api/'));
    const seen = new Map<string, number>();
    for (const r of api) {
      const u = new URL(r.slice(r.indexOf(' ') + 1));
      const key = `${r.slice(0, r.indexOf(' '))} ${u.pathname}${u.search}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const twice = [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
    return { ms: shown, requests: requests.length, api: api.length, twice };
  } finally {
    page.off('request', onRequest);
  }
}

async function measureAll(pages: Map<ScreenRole, Page>) {
  const results = new Map<Screen, Load[]>();
  for (const screen of SCREENS) {
    const page = pages.get(screen.role)!;
    const once = () =>
      open(page, screen).catch((e: Error): Load => {
        step(`  ${e.message}`);
        return { ms: Infinity, requests: 0, api: 0, twice: ['(content never shown)'] };
      });
    await once(); // warm-up: the browser's cache holds the build, as on a working day
    const loads: Load[] = [];
    for (let i = 0; i < RUNS; i++) loads.push(await once());
    results.set(screen, loads);
    const sorted = loads.map((l) => l.ms).sort((a, b) => a - b);
    step(`  ${screen.name}: p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}`);
  }
  return results;
}

async function median(run: () => Promise<unknown>, n = 50): Promise<number> {
  for (let i = 0; i < 5; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  return percentile(
    times.sort((a, b) => a - b),
    0.5,
  );
}

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}/index.html is missing: run npm run build first`);
  }
  const log = createLogger('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-screens-'));
  const stops: (() => Promise<void>)[] = [];
  let browser: Browser | undefined;
  try {
    const embedded = await startEmbeddedPostgres(dir, log);
    stops.push(embedded.stop);
    const dataDir = path.join(dir, 'app');
    let server: Child = await startServer(embedded.url, dataDir);
    let base = server.url;

    step('hospital and staff');
    const hospital = await openHospital(base, dataDir);
    const logins = new Map<ScreenRole, Login>([
      ['admin', { email: hospital.admin.email, password: hospital.admin.password, area: 'admin' }],
    ]);
    for (const role of new Set(SCREENS.map((s) => s.role))) {
      if (role !== 'admin') logins.set(role, await staffMember(base, dataDir, hospital.adminToken, role));
    }
    const accounts = STAFF > 0 ? await hire(base, dataDir, hospital, roleMix(STAFF)) : [];
    const medications =
      STAFF > 0
        ? await stockPharmacy(
            base,
            accounts.find((a) => a.role === 'pharmacist')!,
            accounts.find((a) => a.role === 'accountant')!,
          )
        : [];

    step(`seeding ${count(PATIENTS)} patients' journeys into the events table`);
    await server.stop();
    const owner = new pg.Pool({ connectionString: embedded.url, max: 1, options: '-c synchronous_commit=off' });
    const seedStart = performance.now();
    const events = await seedHospitalFeed(
      owner,
      { hospitalId: hospital.hospitalId, patients: PATIENTS, events: PATIENTS * 12, seed: 34 },
      (n) => process.stderr.write(`\rseeding: ${count(n)} events`),
    );
    process.stderr.write('\n');
    await owner.query('analyze');
    const seedSeconds = (performance.now() - seedStart) / 1000;
    step('restarting the server, projections catching up');
    const catchStart = performance.now();
    server = await startServer(embedded.url, dataDir);
    stops.unshift(() => server.stop());
    base = server.url;
    await caughtUp(base, 3 * 3600_000);
    const catchSeconds = (performance.now() - catchStart) / 1000;
    await owner.query('analyze');

    step('baselines');
    const trivial = await startTrivialFastify();
    stops.unshift(trivial.stop);
    const trivialMs = await median(() => fetch(`${trivial.url}/`).then((r) => r.text()));
    const rawMs = await median(() =>
      owner.query(
        `select * from patients_list where hospital_id = $1 and deleted_at is null
         order by registered_at desc, patient_id limit 10`,
        [hospital.hospitalId],
      ),
    );
    await owner.end();

    step('signing in each role in Chromium');
    browser = await launchBrowser();
    const pages = new Map<ScreenRole, Page>();
    for (const [role, who] of logins) pages.set(role, await signIn(browser, base, who));

    // The machine line's load average is the one at the start of the measuring.
    const machine = machineLine(
      `Chromium (playwright-core), embedded PostgreSQL; the machine is shared with other agents' builds and tests, so the load average is theirs as much as this run's`,
    );
    step(`screens, server idle: ${SCREENS.length} screens × ${RUNS}; load ${loadavg()}`);
    const idleLoad = loadavg();
    const idle = await measureAll(pages);

    let busy: Map<Screen, Load[]> | null = null;
    let busyLoad = '';
    let busyRequests = 0;
    if (STAFF > 0) {
      const day: Day = { base, recorder: new Recorder(), clock: new PushClock(), think: 1, end: Infinity, medications };
      const staff = accounts.map((a, i) => new Staff(day, a.role, a.token, a.ip, i));
      for (const s of staff) await s.connect();
      day.recorder.measuring = true;
      const loops = Promise.all(staff.map((s) => work(s)));
      await new Promise((r) => setTimeout(r, 30_000));
      step(`screens, ${staff.length} staff at work: load ${loadavg()}`);
      busyLoad = loadavg();
      busy = await measureAll(pages);
      busyRequests = day.recorder.requests;
      day.end = 0;
      await loops;
      for (const s of staff) s.socket?.close();
    }
    const endLoad = loadavg();

    const rows: Row[] = [];
    const stat = (loads: Load[]) => {
      const sorted = loads.map((l) => l.ms).sort((a, b) => a - b);
      return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
    };
    const twiceAll: string[] = [];
    for (const screen of SCREENS) {
      const a = stat(idle.get(screen)!);
      const loads = idle.get(screen)!;
      const b = busy ? stat(busy.get(screen)!) : null;
      const twice = [...new Set(loads.flatMap((l) => l.twice))];
      if (twice.length) twiceAll.push(`${screen.name}: ${twice.map((t) => `\`${t}\``).join(', ')}`);
      const api = Math.max(...loads.map((l) => l.api));
      rows.push({
        measure: `${screen.name} (${screen.role.replace('_', ' ')}, \`${screen.path}\`)`,
        result: b ? `${ms(b.p50)} / ${ms(b.p95)}` : `${ms(a.p50)} / ${ms(a.p95)}`,
        detail: [
          b ? `idle ${ms(a.p50)} / ${ms(a.p95)}, p95 ×${(b.p95 / a.p95).toFixed(1)}` : null,
          `${api} API requests (${Math.max(...loads.map((l) => l.requests))} in all)`,
          twice.length ? `**twice: ${twice.join(', ')}**` : 'none twice',
        ]
          .filter(Boolean)
          .join('; '),
      });
    }
    const allBusy = busy ? [...busy.values()].flat() : [...idle.values()].flat();
    const worst = stat(allBusy);
    const markdown = [
      '## Screens as a person sees them (`npm run bench:screens`)',
      '',
      machine,
      `- Hospital: ${count(PATIENTS)} patients with a day of clinical work each, ${count(events)} events written by SQL in ${seedSeconds.toFixed(0)} s, projected by the restarted server in ${catchSeconds.toFixed(0)} s${PATIENTS < 100_000 ? ` (**fewer than the issue's 100,000**: SCREENS_PATIENTS=${PATIENTS} to fit the time of this run)` : ''}`,
      `- Each screen opened from its address ${RUNS} times (after one warm-up load) in a signed-in Chromium at 1366 × 800, timed from navigation until <main> shows its content with nothing loading; requests counted until the network is idle${RUNS < 20 ? ` (**fewer runs than the issue's 20**: SCREENS_RUNS=${RUNS})` : ''}`,
      `- Baselines in the same run: a trivial Fastify route ${ms(trivialMs)} (median of 50 fetches), page 1 of the patient list by raw SQL ${ms(rawMs)}; each screen with the server idle (load ${idleLoad})${busy ? `, then with ${STAFF} staff working through bench:day's loops (${count(busyRequests)} requests; load ${busyLoad})` : ''}; load at the end ${endLoad}`,
      `- Over all screens${busy ? ' with staff at work' : ''}: p50 ${ms(worst.p50)}, p95 ${ms(worst.p95)}, ×${(worst.p50 / trivialMs).toFixed(0)} the trivial route's median`,
      '',
      table(
        rows.map((r) => ({
          ...r,
          measure: r.measure,
        })),
      ).replace(
        '| Measure | Result | Detail |',
        `| Screen | Content shown, p50 / p95${busy ? ' (staff at work)' : ''} | Detail |`,
      ),
      '',
      twiceAll.length
        ? `Requests made twice on one load: ${twiceAll.join('; ')}.`
        : 'No screen made the same request twice on one load.',
    ].join('\n');
    const file = await writeSection('screens', markdown);
    console.log(markdown);
    console.log(`written to ${file}`);
  } finally {
    await browser?.close();
    for (const stop of stops) await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
