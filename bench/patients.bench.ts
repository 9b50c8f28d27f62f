/**
 * The patient records at scale: `npm run bench:patients [-- --patients 1000000] [-- --fill-sql] [-- --reuse DIR]`.
 *
 * On a throwaway embedded PostgreSQL: N patients of one hospital (and N/10 of another, so tenancy
 * filters something) are appended as events through the event store, with some statuses and
 * vitals. The patients-list projection then catches up from nothing (events/s, beside the same
 * rows written by SQL in one statement), list, count and search requests are timed through the
 * whole HTTP route (app.inject: session, validation, queries, serialisation), each beside the raw
 * SELECT of its page, and the projection is rebuilt. With `--fill-sql` the list is written by SQL
 * instead and only requests are timed. Writes its section of docs/benchmarks.md.
 *
 * `--reuse DIR` keeps the cluster in DIR: the first run seeds it and leaves it there, later runs
 * with the same DIR (and --patients) skip the seeding, apply any new migration, and time the
 * requests again, so a change to a query or an index is measured in minutes, not a quarter of an hour.
 * The seeding rows of such a run are those of the run that seeded, with its date.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '../src/app';
import { modules } from '../src/modules';
import { PATIENTS_LIST } from '../src/modules/patients';
import { patientsListProjection } from '../src/modules/patients/read-models/patients-list';
import { SEARCH_COUNT_CAP } from '../src/modules/patients/read-models/patients-queries';
import { loadConfig } from '../src/platform/config';
import { createPool } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { metadataFor } from '../src/platform/event-store/metadata';
import { accessStream } from '../src/platform/http/access-trail';
import { EventRegistry } from '../src/platform/event-store/contracts';
import { EventLog } from '../src/platform/event-store/event-log';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { reservationContracts } from '../src/platform/event-store/unique-reservation';
import { createLogger } from '../src/platform/logger';
import { reactorCheckpoint } from '../src/platform/projections/batches';
import { ProjectionRunner } from '../src/platform/projections/runner';
import { onboardHospital } from '../test/helpers/onboard';
import { hireAndSignIn, staffLogin } from '../test/helpers/staff-api';
import { fillListBySql, seedPatientEvents } from './patients-events';
import { machineLine, ms, percentile, perSecond, table, writeSection, type Row } from './report';

const flag = process.argv.indexOf('--patients');
const PATIENTS = Number(flag > 0 ? process.argv[flag + 1] : (process.env.BENCH_PATIENTS ?? 100_000));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const FILL_SQL = process.argv.includes('--fill-sql');
const reuseFlag = process.argv.indexOf('--reuse');
const REUSE = reuseFlag > 0 ? path.resolve(process.argv[reuseFlag + 1]!) : null;
const log = createLogger('silent');
const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);
const load1 = () => `load ${os.loadavg()[0]!.toFixed(2)}`;
const count = (n: number) => n.toLocaleString('en-US');

type Bench = { built: BuiltApp; store: EventLog; events: number; rows: Row[] };

/** p50 and p99 of `samples` sequential runs of `run`, after a warm-up. */
async function latency(run: () => Promise<unknown>, samples = SAMPLES) {
  for (let i = 0; i < Math.min(20, samples); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

/** The projection catching up from nothing, beside the same rows written by SQL into a copy. */
async function projectionRate({ built, store, events, rows }: Bench) {
  const { db, pool } = built.platform;
  step('projection catch-up');
  const runner = new ProjectionRunner(db, store, { projections: [patientsListProjection] }, log);
  const head = await store.headPosition();
  const c0 = performance.now();
  await runner.start();
  if (!(await runner.waitFor(head, [{ name: PATIENTS_LIST }], 3_600_000))) throw new Error('catch-up timed out');
  const seconds = (performance.now() - c0) / 1000;
  await runner.stop();
  const [{ n: listed }] = (await pool.query('select count(*)::int as n from patients_list')).rows;

  step('SQL baseline');
  // The copy is a table of the owner's (the app's role creates none): filled by the owner too.
  const owner = createPool(built.platform.config.databaseUrl!, 2);
  await owner.query('create table bench_list (like patients_list including all)');
  const r0 = performance.now();
  const written = await fillListBySql(owner, 'bench_list');
  const rawSeconds = (performance.now() - r0) / 1000;
  await owner.query('drop table bench_list');
  await owner.end();
  const rate = events / seconds;
  const rawRate = written / rawSeconds;
  rows.push({
    measure: 'The same rows by SQL, one INSERT … SELECT into a copy with the same indexes (baseline)',
    result: `${perSecond(rawRate)} rows`,
    detail: `${count(written)} rows in ${rawSeconds.toFixed(1)} s; ${load1()}`,
  });
  rows.push({
    measure: 'Projection catch-up (runner, pages of 500 in layers by stream, a statement per run of a type)',
    result: `${perSecond(rate)} events (${((rate / rawRate) * 100).toFixed(0)} % of the SQL rows/s)`,
    detail: `${count(events)} events → ${count(listed)} rows in ${seconds.toFixed(1)} s; ${load1()}`,
  });
}

async function rebuildTime({ built, store, rows }: Bench) {
  step('rebuild');
  const runner = new ProjectionRunner(built.platform.db, store, { projections: [patientsListProjection] }, log);
  const b0 = performance.now();
  const applied = await runner.rebuild(PATIENTS_LIST);
  const seconds = (performance.now() - b0) / 1000;
  rows.push({
    measure: 'Rebuild of patients-list (reset, replay every event)',
    result: `${seconds.toFixed(1)} s`,
    detail: `${perSecond(applied / seconds)} events over ${count(applied)} events in the feed; ${load1()}`,
  });
}

type Sample = Awaited<ReturnType<typeof seedPatientEvents>>['sample'];

/** Requests through the route as a receptionist of the big hospital, each beside the raw SELECT of its page. */
async function requestLatencies({ built, rows }: Bench, token: string, hospital: string, sample: Sample) {
  const { pool } = built.platform;
  const get = async (url: string) => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const res = await built.app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const page = (where = '', params: unknown[] = [], offset = 0) =>
    pool.query(
      `select * from patients_list where hospital_id = $1 and deleted_at is null ${where}
       order by registered_at desc, patient_id limit 10 offset ${offset}`,
      [hospital, ...params],
    );
  const countAll = 'select count(*) from patients_list where hospital_id = $1 and deleted_at is null';
  const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  const cases: { measure: string; url: string; raw: () => Promise<unknown>; target?: string }[] = [
    { measure: 'List, page 1', url: '/api/patients?page=1&limit=10', raw: () => page(), target: 'p99 < 20 ms' },
    {
      measure: 'List, status waiting, page 1',
      url: '/api/patients?status=waiting&limit=10',
      raw: () => page(`and status = $2`, ['waiting']),
    },
    { measure: 'List, page 100 (offset 990)', url: '/api/patients?page=100&limit=10', raw: () => page('', [], 990) },
    { measure: 'Count only', url: '/api/patients?count_only=true', raw: () => pool.query(countAll, [hospital]) },
    {
      measure: 'Stats (by status, today, seen)',
      url: '/api/patients/stats',
      raw: () => pool.query(`${countAll} group by status`, [hospital]),
    },
  ];
  const id = sample.identificationNumber.slice(-6);
  const searches: [string, string, string][] = [
    ['Search: a surname', sample.lastName, sample.lastName],
    ['Search: a name prefix (3 letters)', sample.firstName.slice(0, 3), sample.firstName.slice(0, 3)],
    ['Search: full name', `${sample.firstName} ${sample.lastName}`, `${sample.firstName} ${sample.lastName}`],
    ['Search: identification number fragment', id, id],
    ['Search: phone, written +234 …', sample.phoneInternational, sample.phoneDigits],
    ['Search: phone, last 7 digits', sample.phoneDigits.slice(-7), sample.phoneDigits.slice(-7)],
    ['Search: no match', 'Zzqxwv', 'zzqxwv'],
  ];
  for (const [measure, search, rawTerm] of searches) {
    const url = `/api/patients?limit=10&search=${encodeURIComponent(search)}`;
    const raw = () => page('and search_text like $2', [like(rawTerm)]);
    cases.push({ measure, url, raw, target: 'p99 < 50 ms at 1 000 000' });
  }
  // The route also appends its RecordAccessed before answering (issue 21): the raw SELECT followed
  // by that append alone, as the route makes it, is the floor of what the route can cost.
  const metadata = metadataFor({
    hospitalId: hospital,
    actor: { userId: 'bench', role: 'receptionist', name: 'Bench' },
  });
  const appendAccess = (patientIds: string[]) =>
    built.platform.store.append(
      accessStream(hospital, 'bench', metadata.occurredAt, randomUUID()),
      [
        {
          type: 'RecordAccessed',
          metadata,
          data: {
            subjectType: 'patient',
            subjectId: null,
            what: 'list',
            method: 'GET',
            route: '/api/patients',
            purpose: null,
            patientIds,
            query: { limit: '10' },
          },
        },
      ],
      { expectedRevision: 'any' },
    );
  const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;
  for (const c of cases) {
    step(c.measure);
    const found = await get(c.url);
    const ids = ((found.patients ?? []) as { id: string }[]).map((p) => p.id);
    const api = await latency(() => get(c.url));
    const base = await latency(c.raw);
    const floor = await latency(async () => {
      await c.raw();
      await appendAccess(ids);
    });
    const matched = found.pagination
      ? `${count(found.pagination.totalPatients)}${found.pagination.totalIsCapped ? '+' : ''} patients`
      : `${count(found.totalPatients)} patients`;
    rows.push({
      measure: c.measure,
      result: `p50 ${ms(api.p50)}, p99 ${ms(api.p99)}`,
      detail:
        `raw SELECT p50 ${ms(base.p50)}, p99 ${ms(base.p99)} (${ratio(api.p99, base.p99)}); ` +
        `raw SELECT + the audit append p50 ${ms(floor.p50)}, p99 ${ms(floor.p99)} (${ratio(api.p99, floor.p99)}); ` +
        `${matched}${c.target ? `; target ${c.target}` : ''}; ${load1()}`,
    });
  }
}

/** What a seeded `--reuse` directory keeps for the runs after the one that seeded it. */
type Seeded = {
  patients: number;
  hospitalId: string;
  receptionist: { email: string; password: string };
  sample: Sample;
  rows: Row[];
};

/** Events through the store (contracts checked), without the inline list. */
const seedingStore = (built: BuiltApp) =>
  new EventLog(
    new PostgresEventStore(built.platform.pool, built.platform.config.appDatabaseUrl!),
    new EventRegistry([...reservationContracts, ...modules.flatMap((m) => m.events ?? [])]),
    built.platform.db,
  );

/**
 * With --fill-sql, the app's other background projections and reactors (the audit trail's hash
 * chain, notifications, …) are not built from the seeded events either: they would take the better
 * part of an hour at a million patients, and share the two cores with the timed requests all that
 * while. Their checkpoints move to the head; from there they run as on a server in its steady state.
 */
async function skipSeededEvents(built: BuiltApp) {
  const head = await built.platform.store.headPosition();
  if (!head) return;
  const names = modules.flatMap((m) => [
    ...(m.projections ?? []).filter((p) => !p.inline).map((p) => p.name),
    ...(m.reactors?.(built.platform) ?? []).map((r) => reactorCheckpoint(r.name)),
  ]);
  const owner = createPool(built.platform.config.databaseUrl!, 1);
  await owner.query(
    `insert into projection_checkpoints (name, position_major, position_minor) select unnest($1::text[]), $2::numeric, $3::numeric
     on conflict (name) do update set position_major = excluded.position_major, position_minor = excluded.position_minor`,
    [names, String(head[0]), String(head[1])],
  );
  await owner.end();
}

/** Two hospitals, a receptionist of the first, the patients' events, and the list written from them. */
async function seed(built: BuiltApp, dataDir: string): Promise<{ seeded: Seeded; bench: Bench }> {
  const { pool } = built.platform;
  step('hospitals and a receptionist');
  const t = { app: built.app, dataDir };
  const [a, b] = [await onboardHospital(t), await onboardHospital(t)];
  const receptionist = await hireAndSignIn(t, a.token, 'receptionist');
  const store = seedingStore(built);
  const others = Math.floor(PATIENTS / 10);
  step(`appending ${count(PATIENTS)} + ${count(others)} patients`);
  const t0 = performance.now();
  const main = await seedPatientEvents(store, a.hospital.id, PATIENTS, 1);
  const other = await seedPatientEvents(store, b.hospital.id, others, 2);
  const appendSeconds = (performance.now() - t0) / 1000;
  const bench: Bench = { built, store, events: main.events + other.events, rows: [] };
  bench.rows.push({
    measure: 'Seed: events appended (store.appendMany, 1000 streams per append)',
    result: perSecond(bench.events / appendSeconds),
    detail: `${count(bench.events)} events for ${count(PATIENTS + others)} patients in ${appendSeconds.toFixed(1)} s; ${load1()}`,
  });

  if (FILL_SQL) {
    step('list written by SQL');
    const f0 = performance.now();
    await fillListBySql(pool, 'patients_list');
    bench.rows.push({
      measure: 'List and counts written from the events by SQL (--fill-sql: no projection timing)',
      result: `${((performance.now() - f0) / 1000).toFixed(1)} s`,
      detail: load1(),
    });
    await skipSeededEvents(built);
  } else {
    await projectionRate(bench);
  }
  const seeded: Seeded = {
    patients: PATIENTS,
    hospitalId: a.hospital.id,
    receptionist: { email: receptionist.email, password: receptionist.password },
    sample: main.sample,
    rows: bench.rows,
  };
  return { seeded, bench };
}

/** The seeded hospital's receptionist, signed in. */
async function signIn(built: BuiltApp, dataDir: string, who: Seeded['receptionist']): Promise<string> {
  const res = await staffLogin({ app: built.app, dataDir }, who.email, who.password);
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token as string;
}

async function main() {
  if (!Number.isInteger(PATIENTS) || PATIENTS < 1000) throw new Error('--patients must be a whole number ≥ 1000');
  if (REUSE && !FILL_SQL) throw new Error('--reuse times requests only: use it with --fill-sql');
  if (REUSE) mkdirSync(REUSE, { recursive: true });
  const dir = REUSE ?? mkdtempSync(path.join(os.tmpdir(), 'hms-bench-patients-'));
  const stateFile = path.join(dir, 'bench-seeded.json');
  const previous = REUSE && existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as Seeded) : null;
  const embedded = await startEmbeddedPostgres(dir, log);
  const config = {
    ...loadConfig({
      DATA_DIR: path.join(dir, 'app'),
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
      TRUST_PROXY: 'true',
    }),
    databaseUrl: embedded.url,
  };
  // With --fill-sql the background projections start once the seeded events are marked as theirs.
  const built = await buildApp(config, { log, startProjections: !FILL_SQL });
  const { pool } = built.platform;
  try {
    const version = (await pool.query('show server_version')).rows[0].server_version;
    const header = machineLine(`PostgreSQL ${version} (embedded, default settings)`);
    let seeded: Seeded;
    let bench: Bench | null = null;
    if (previous) {
      if (previous.patients !== PATIENTS) throw new Error(`--reuse: ${dir} holds ${previous.patients} patients`);
      step(`reusing ${dir}, seeded ${previous.rows[0]?.detail ?? ''}`);
      seeded = previous;
    } else {
      ({ seeded, bench } = await seed(built, config.dataDir));
      if (REUSE) writeFileSync(stateFile, JSON.stringify({ ...seeded, seededAt: new Date().toISOString() }));
    }
    const rows: Row[] = previous
      ? previous.rows.map((r) => ({ ...r, detail: `${r.detail}; seeded by an earlier run (--reuse)` }))
      : bench!.rows;
    // The requests are timed once the app's background projections have caught up (without
    // --fill-sql they work through the seeded events for many minutes), as on a server in its
    // steady state, not while they share the two cores with the requests.
    if (FILL_SQL) await built.platform.runner.start();
    step('background projections catching up');
    const w0 = performance.now();
    const consumers = modules.flatMap((m) => [...(m.projections ?? []), ...(m.reactors?.(built.platform) ?? [])]);
    const caughtUp = await built.platform.waitFor(await built.platform.store.headPosition(), consumers, 3_600_000);
    if (!caughtUp) throw new Error('the background projections did not catch up within an hour');
    step(`caught up in ${((performance.now() - w0) / 1000).toFixed(1)} s`);
    // Only a table's owner may vacuum and analyse it.
    const owner = createPool(embedded.url, 1);
    await owner.query('vacuum analyze patients_list, patient_counts');
    await owner.end();
    const timed: Bench = bench ?? { built, store: seedingStore(built), events: 0, rows };
    // Signed in now: a session left idle through the seeding has timed out.
    const token = await signIn(built, config.dataDir, seeded.receptionist);
    await requestLatencies(timed, token, seeded.hospitalId, seeded.sample);
    if (!FILL_SQL) await rebuildTime(timed);

    console.table(timed.rows);
    const others = Math.floor(PATIENTS / 10);
    const file = await writeSection(
      FILL_SQL ? 'patients-fill-sql' : 'patients',
      `## Patient records (\`npm run bench:patients -- --patients ${PATIENTS}${FILL_SQL ? ' --fill-sql' : ''}\`)

${header}

${table(timed.rows)}

${count(PATIENTS)} patients in one hospital and ${count(others)} in another, appended as events (registration; about
70 % with a status change, 40 % with vitals), registered over two years. ${
        FILL_SQL
          ? 'The list was written from those events by SQL, not by the projection (too slow to wait for at this size), and the ' +
            "app's other background projections (audit trail, notifications) skip them and start at the head."
          : 'The projection catches up from an empty list, and is rebuilt at the end.'
      } Requests are timed once the background projections have caught up. Request latencies are ${SAMPLES} sequential
requests after a warm-up, through the whole route in the benchmark process (\`app.inject\`: session check,
validation, the queries, serialisation, and the RecordAccessed event every list and search appends before it
answers); beside each, with the ratio of the p99s, the raw SELECT of one page of the same rows (no count, no
HTTP), and that SELECT followed by the append of the same access event alone (the floor of the route). A search is
one statement on one lower-cased column with a trigram GIN index: it counts its matches up to
${count(SEARCH_COUNT_CAP)} (\`totalIsCapped\` beyond) and takes its page from them, or past the cap from the
newest-first index; the raw SELECT does not count. Unfiltered lists and counts read the counts table the
projection keeps. Everything, PostgreSQL included, shares the machine's two cores with whatever else runs on it
(see the load).`,
    );
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await built.close();
    await embedded.stop();
    if (!REUSE) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
