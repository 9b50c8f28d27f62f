import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrations } from '../migrations';
import { modules } from '../src/modules';
import { prepareDatabase } from '../src/platform/db/app-role';
import { createDb, createPool } from '../src/platform/db/database';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded-postgres';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import type { Logger } from '../src/platform/logger';
import type { Platform } from '../src/platform/platform';
import { reactorCheckpoint } from '../src/platform/projections/batches';
import { lockCheckpoint, moveCheckpoint, readCheckpoint } from '../src/platform/projections/checkpoints';
import { samePosition } from '../src/platform/projections/feed-tail';
import { seedHospitalFeed } from '../test/helpers/hospital-feed';
import { caughtUp, hire, openHospital, post, stockPharmacy, type Account } from './day-setup';
import { roleMix } from './day-staff';
import { ROOT, startServer, type Child } from './harness';
import { staffMember, type Login } from './screens-login';
import { SCREENS, type ScreenRole } from './screens-list';

/**
 * The hospital bench:screens measures, kept in a data directory so that it is seeded once and
 * measured many times. `<dir>/pg` is its embedded PostgreSQL, `<dir>/app` the server's DATA_DIR
 * (JWT secret, audit key, outbox), `<dir>/screens-hospital.json` what the runs need (who signs
 * in with what, the hospital's id, how it was seeded) and how far the seeding got:
 *
 * 1. `hospital`: onboarded through the API, staff of every role hired with passwords of their own,
 *    the pharmacy stocked and priced. The past is then written straight into the events table
 *    (test/helpers/hospital-feed.ts, as the commands would have written it), and the reactors'
 *    checkpoints moved to the feed's head: that past already holds what they would have done
 *    (its invoices, say), as billing-invoicing's own first start skips history from before it.
 * 2. `events`: every projection rebuilt from the feed by `npm run projections:rebuild -- --all`,
 *    its batch handlers (the live runner, one page at a time, took about an hour at 100,000).
 * 3. `projected`: complete. A later run starts the server on it and measures only, once it has
 *    checked every projection is caught up and the seeded patients are all in the list.
 *
 * A run stopped during step 1's writing leaves `hospital`, which cannot be resumed (the directory
 * must be removed); one stopped during the rebuild resumes it.
 */
export type Manifest = {
  version: 1;
  stage: 'hospital' | 'events' | 'projected';
  hospitalId: string;
  patients: number;
  /** Events written by SQL (the feed grows after: every run's staff at work and reads add to it). */
  seededEvents: number;
  seededAt: string;
  seedSeconds: number;
  rebuildSeconds: number;
  admin: { email: string; password: string };
  logins: [ScreenRole, Login][];
  staff: Omit<Account, 'token'>[];
  medications: { id: string; name: string }[];
};

export type Hospital = {
  embedded: EmbeddedDatabase;
  server: Child;
  manifest: Manifest;
  /** Whether this run seeded it (false: an earlier run's, reused). */
  seededNow: boolean;
  /** The background staff, signed in for this run. */
  staff: Account[];
  /** Events in the feed now, and patients in the list. */
  events: number;
  listed: number;
};

const MANIFEST = 'screens-hospital.json';
const ALL = '--all';
/** Events behind the feed beyond which a projection of a kept hospital is rebuilt rather than caught up live. */
const STALE = 10_000;
const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);
const count = (n: number) => n.toLocaleString('en-US');

function save(dir: string, m: Manifest) {
  writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(m, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Opens the hospital in `dir`, seeding it first unless an earlier run did; returns it with its
 * server started and caught up. `patients`: how many to seed (a kept hospital must have as many,
 * if given); `hire`: background staff hired when seeding; `working`: how many of them this run
 * signs in (more are hired into a kept hospital if it has too few).
 */
export async function openSeededHospital(
  dir: string,
  o: { patients: number | undefined; hire: number; working: number; log: Logger },
): Promise<Hospital> {
  const file = path.join(dir, MANIFEST);
  let m = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
  if (m?.stage === 'hospital') {
    throw new Error(`${dir}: an earlier seeding stopped while writing its events; remove the directory and run again`);
  }
  if (m && o.patients !== undefined && m.patients !== o.patients) {
    throw new Error(
      `${dir} holds ${count(m.patients)} patients, not SCREENS_PATIENTS=${count(o.patients)}: unset it, or use another directory`,
    );
  }
  if (!m && existsSync(dir) && readdirSync(dir).length > 0) {
    throw new Error(`${dir} is not empty and has no ${MANIFEST}: not a bench:screens hospital, left alone`);
  }
  const embedded = await startEmbeddedPostgres(dir, o.log);
  const appDir = path.join(dir, 'app');
  const seededNow = !m;
  try {
    if (!m) m = await seed(dir, embedded.url, appDir, o.patients ?? 100_000, o.hire);
    if (m.stage === 'events') {
      step('rebuilding every projection from the feed (npm run projections:rebuild -- --all)');
      const t0 = performance.now();
      await rebuild(embedded.url, appDir, ALL);
      m.rebuildSeconds = (performance.now() - t0) / 1000;
      m.stage = 'projected';
      save(dir, m);
    } else if (!seededNow) {
      // A kept hospital measured by newer code: migrated first, then a projection it did not have
      // (or one a migration emptied) is rebuilt, not left to the live runner; a new reactor starts
      // at the head.
      await prepareDatabase({ migrations, ownerUrl: embedded.url, dataDir: appDir });
      await reactorsAtHead(embedded.url, 'missing');
      for (const name of await farBehind(embedded.url)) {
        step(`rebuilding ${name}, far behind the feed (npm run projections:rebuild -- ${name})`);
        await rebuild(embedded.url, appDir, name);
      }
    }
    step('starting the server on the seeded hospital');
    const server = await startServer(embedded.url, appDir);
    try {
      await caughtUp(server.url, 60 * 60_000);
      await healthy(server.url);
      const { events, listed } = await complete(embedded.url, m);
      const staff = await signInStaff(dir, server.url, appDir, m, o.working);
      return { embedded, server, manifest: m, seededNow, staff, events, listed };
    } catch (e) {
      await server.stop();
      throw e;
    }
  } catch (e) {
    await embedded.stop();
    throw e;
  }
}

async function seed(dir: string, url: string, appDir: string, patients: number, staffCount: number) {
  const server = await startServer(url, appDir);
  let m: Manifest;
  try {
    step('hospital and staff, through the API');
    const hospital = await openHospital(server.url, appDir);
    const logins: [ScreenRole, Login][] = [['admin', { ...hospital.admin, area: 'admin' }]];
    for (const role of new Set(SCREENS.map((s) => s.role))) {
      if (role !== 'admin') logins.push([role, await staffMember(server.url, appDir, hospital.adminToken, role)]);
    }
    const accounts = await hire(server.url, appDir, hospital, roleMix(Math.max(staffCount, 1)));
    const medications = await stockPharmacy(
      server.url,
      accounts.find((a) => a.role === 'pharmacist')!,
      accounts.find((a) => a.role === 'accountant')!,
    );
    m = {
      version: 1,
      stage: 'hospital',
      hospitalId: hospital.hospitalId,
      patients,
      seededEvents: 0,
      seededAt: new Date().toISOString(),
      seedSeconds: 0,
      rebuildSeconds: 0,
      admin: hospital.admin,
      logins,
      staff: accounts.map(({ token: _token, ...a }) => a),
      medications,
    };
    save(dir, m);
  } finally {
    await server.stop();
  }
  step(`writing ${count(patients)} patients' journeys into the events table`);
  const owner = new pg.Pool({ connectionString: url, max: 1, options: '-c synchronous_commit=off' });
  try {
    const t0 = performance.now();
    m.seededEvents = await seedHospitalFeed(
      owner,
      { hospitalId: m.hospitalId, patients, events: patients * 12, seed: 34 },
      (n) => process.stderr.write(`\rseeding: ${count(n)} events`),
    );
    process.stderr.write('\n');
    await owner.query('analyze events');
    m.seedSeconds = (performance.now() - t0) / 1000;
  } finally {
    await owner.end();
  }
  await reactorsAtHead(url, 'all');
  m.stage = 'events';
  save(dir, m);
  return m;
}

/**
 * Every reactor's checkpoint (`missing`: those that have none) at the feed's head: the seeded
 * past already holds their work.
 */
async function reactorsAtHead(url: string, which: 'all' | 'missing') {
  // Only the names are read: no reactor is started, so none is given a working platform.
  const inert = new Proxy({} as Platform, {
    get: () => {
      throw new Error('a reactor used its platform while only its name was asked');
    },
  });
  const names = modules.flatMap((m) => m.reactors?.(inert) ?? []).map((r) => reactorCheckpoint(r.name));
  const pool = createPool(url, 1);
  const db = createDb(pool);
  try {
    const head = await new PostgresEventStore(pool, url).headPosition();
    if (!head) return;
    for (const name of names) {
      await db.transaction().execute(async (trx) => {
        await lockCheckpoint(trx, name);
        const at = await readCheckpoint(trx, name);
        if (which === 'missing' && at !== null) return;
        if (!samePosition(at, head) && !(await moveCheckpoint(trx, name, at, head))) {
          throw new Error(`${name}: its checkpoint moved while it was set to the head`);
        }
      });
    }
  } finally {
    await db.destroy();
  }
}

/** Projections applied by the runner (not inline) with no checkpoint or more than STALE events behind. */
async function farBehind(url: string): Promise<string[]> {
  const pool = createPool(url, 1);
  const db = createDb(pool);
  try {
    const store = new PostgresEventStore(pool, url);
    const behind: string[] = [];
    for (const p of modules.flatMap((m) => m.projections ?? []).filter((p) => !p.inline)) {
      const at = await readCheckpoint(db, p.name);
      if (at === null || (await store.readAll({ after: at, limit: STALE + 1 })).length > STALE) behind.push(p.name);
    }
    return behind;
  } finally {
    await db.destroy();
  }
}

/** `npm run projections:rebuild -- NAME|--all` on the hospital's database, as an operator runs it. */
async function rebuild(url: string, appDir: string, which: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/rebuild-projection.ts', which], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: appDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`projections:rebuild -- ${which} exited with ${code}`);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await pool.query('analyze').finally(() => pool.end());
}

/** No projection failing, no event set aside (parked): every seeded event is in the read models. */
async function healthy(base: string) {
  const health = (await (await fetch(`${base}/api/health`)).json()) as {
    data: {
      projections?: { name: string; failing: string | null }[];
      parked?: { consumer: string; eventType: string; error: string }[];
    };
  };
  const failing = (health.data.projections ?? []).filter((p) => p.failing);
  const parked = health.data.parked ?? [];
  if (failing.length || parked.length) {
    throw new Error(
      `the hospital's read models are not whole: ${[
        ...failing.map((p) => `${p.name} failing: ${p.failing}`),
        ...parked.map((p) => `${p.consumer} parked a ${p.eventType}: ${p.error}`),
      ].join('; ')}`,
    );
  }
}

/** Every seeded patient is in the list (staff at work add more) and no event is missing from the feed. */
async function complete(url: string, m: Manifest) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const listed = Number(
      (
        await pool.query<{ n: string }>(
          'select count(*) as n from patients_list where hospital_id = $1 and deleted_at is null',
          [m.hospitalId],
        )
      ).rows[0]!.n,
    );
    const events = Number((await pool.query<{ n: string }>('select count(*) as n from events')).rows[0]!.n);
    if (listed < m.patients || events < m.seededEvents) {
      throw new Error(
        `the hospital is incomplete: ${count(listed)} patients listed of ${count(m.patients)}, ${count(events)} events of ${count(m.seededEvents)} seeded`,
      );
    }
    return { events, listed };
  } finally {
    await pool.end();
  }
}

/**
 * The background staff in ROLE_MIX's proportions, signed in afresh (an earlier run's tokens have
 * expired); the hospital's staff are hired again if it has too few of a role.
 */
async function signInStaff(dir: string, base: string, appDir: string, m: Manifest, wanted: number) {
  const pick = () => {
    const left = [...m.staff];
    const picked: Manifest['staff'] = [];
    for (const role of wanted > 0 ? roleMix(wanted) : []) {
      const i = left.findIndex((a) => a.role === role);
      if (i < 0) return null;
      picked.push(...left.splice(i, 1));
    }
    return picked;
  };
  let chosen = pick();
  if (!chosen) {
    step(`hiring ${wanted} background staff (the hospital had ${m.staff.length})`);
    const login = await post(base, '/api/admin/login', m.admin);
    const adminToken = (login.data as { token: string }).token;
    const hospital = { adminToken, hospitalId: m.hospitalId, admin: m.admin };
    m.staff = (await hire(base, appDir, hospital, roleMix(wanted))).map(({ token: _token, ...a }) => a);
    save(dir, m);
    chosen = pick()!;
  }
  return signInAgain(base, chosen);
}

/**
 * Staff signed in afresh: a session idle for longer than the hospital's time-out has ended (the
 * staff signed in before a phase with the server idle are signed out by the time it is over).
 */
export async function signInAgain(base: string, accounts: Omit<Account, 'token'>[]): Promise<Account[]> {
  const staff: Account[] = [];
  for (const a of accounts) {
    const url = a.role === 'admin' ? '/api/admin/login' : '/api/auth/login';
    const login = await post(base, url, { email: a.email, password: a.password }, undefined, a.ip);
    staff.push({ ...a, token: (login.data as { token: string }).token });
  }
  return staff;
}
