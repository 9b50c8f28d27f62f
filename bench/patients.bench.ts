/**
 * The patient records at scale: `npm run bench:patients [-- --patients 1000000]`.
 *
 * On a throwaway embedded PostgreSQL: N patients of one hospital (and N/10 of another, so tenancy
 * filters something) are appended as events through the event store, with some statuses and
 * vitals. The patients-list projection then catches up from nothing (events/s, beside the same
 * rows written by one INSERT … SELECT), list, count and search requests are timed through the
 * whole HTTP route (app.inject: session, validation, query, serialisation), each beside the raw
 * SELECT it runs, and the projection is rebuilt. Writes the `patients` section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { modules } from '../src/modules';
import { PATIENTS_LIST } from '../src/modules/patients';
import { patientsListProjection } from '../src/modules/patients/read-models/patients-list';
import { loadConfig } from '../src/platform/config';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { EventRegistry } from '../src/platform/event-store/contracts';
import { EventLog } from '../src/platform/event-store/event-log';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { reservationContracts } from '../src/platform/event-store/unique-reservation';
import { createLogger } from '../src/platform/logger';
import { ProjectionRunner } from '../src/platform/projections/runner';
import { onboardHospital } from '../test/helpers/onboard';
import { hireAndSignIn } from '../test/helpers/staff-api';
import { machineLine, ms, percentile, perSecond, table, writeSection, type Row } from './report';
import { seedPatientEvents } from './patients-events';

const flag = process.argv.indexOf('--patients');
const PATIENTS = Number(flag > 0 ? process.argv[flag + 1] : (process.env.BENCH_PATIENTS ?? 100_000));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);
const load1 = () => os.loadavg()[0]!.toFixed(2);

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

async function main() {
  if (!Number.isInteger(PATIENTS) || PATIENTS < 1000) throw new Error('--patients must be a whole number ≥ 1000');
  const log = createLogger('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-patients-'));
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
  const built = await buildApp(config, { log });
  const { pool, db } = built.platform;
  const rows: Row[] = [];
  try {
    const header = machineLine(
      `PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version} (embedded, default settings)`,
    );
    step('hospitals and a receptionist');
    const t = { app: built.app, dataDir: config.dataDir };
    const [a, b] = [await onboardHospital(t), await onboardHospital(t)];
    const token = (await hireAndSignIn(t, a.token, 'receptionist')).token;

    // 1. Events, appended through the store (contracts checked) without the inline list.
    const store = new EventLog(
      new PostgresEventStore(pool, embedded.url),
      new EventRegistry([...reservationContracts, ...modules.flatMap((m) => m.events ?? [])]),
      db,
    );
    step(`appending ${PATIENTS.toLocaleString('en-US')} + ${(PATIENTS / 10).toLocaleString('en-US')} patients`);
    const t0 = performance.now();
    const seeded = await seedPatientEvents(store, a.hospital.id, PATIENTS, 1);
    const other = await seedPatientEvents(store, b.hospital.id, Math.floor(PATIENTS / 10), 2);
    const appendSeconds = (performance.now() - t0) / 1000;
    const events = seeded.events + other.events;
    rows.push({
      measure: 'Seed: events appended (store.appendMany, 1000 streams per append)',
      result: perSecond(events / appendSeconds),
      detail: `${events.toLocaleString('en-US')} events for ${(PATIENTS + Math.floor(PATIENTS / 10)).toLocaleString('en-US')} patients in ${appendSeconds.toFixed(1)} s; load ${load1()}`,
    });

    // 2. The projection catching up from nothing, beside the same rows written by one statement.
    step('projection catch-up');
    const runner = new ProjectionRunner(db, store, { projections: [patientsListProjection] }, log);
    const head = await store.headPosition();
    const c0 = performance.now();
    await runner.start();
    if (!(await runner.waitFor(head, [{ name: PATIENTS_LIST }], 3_600_000))) throw new Error('catch-up timed out');
    const catchUp = (performance.now() - c0) / 1000;
    await runner.stop();
    const [{ n: listed }] = (await pool.query('select count(*)::int as n from patients_list')).rows;
    step('raw INSERT … SELECT baseline');
    await pool.query('create table bench_list (like patients_list including all)');
    const r0 = performance.now();
    const raw = await pool.query(`
      insert into bench_list (patient_id, hospital_id, first_name, last_name, date_of_birth, gender, phone_number,
        address, identification_number, emergency_contact_name, emergency_contact_relationship, emergency_contact_phone,
        status, registered_at, registered_on, version, updated_at, ever_seen)
      select data->>'patientId', data->>'hospitalId', data->>'firstName', data->>'lastName', data->>'dateOfBirth',
        data->>'gender', data->>'phoneNumber', data->>'address', data->>'identificationNumber',
        data->>'emergencyContactName', data->>'emergencyContactRelationship', data->>'emergencyContactPhone',
        data->>'status', (metadata->>'occurredAt')::timestamptz, (metadata->>'occurredAt')::date::text, 1,
        (metadata->>'occurredAt')::timestamptz, false
      from events where type = 'PatientRegistered'`);
    const rawSeconds = (performance.now() - r0) / 1000;
    await pool.query('drop table bench_list');
    const projected = events / catchUp;
    const rawRate = raw.rowCount! / rawSeconds;
    rows.push({
      measure: 'Raw INSERT … SELECT of the registrations into a copy of the list, same indexes (baseline)',
      result: `${perSecond(rawRate)} rows`,
      detail: `${raw.rowCount!.toLocaleString('en-US')} rows in ${rawSeconds.toFixed(1)} s; load ${load1()}`,
    });
    rows.push({
      measure: 'Projection catch-up (runner, batches of 500, per-event handlers)',
      result: `${perSecond(projected)} events (${((projected / rawRate) * 100).toFixed(0)} % of raw rows/s)`,
      detail: `${events.toLocaleString('en-US')} events → ${listed.toLocaleString('en-US')} rows in ${catchUp.toFixed(1)} s; load ${load1()}`,
    });
    await pool.query('vacuum analyze patients_list');
    await pool.query('vacuum analyze patient_counts');

    // 3. Requests through the route, each beside the raw SELECT of its rows.
    const get = async (url: string) => {
      const res = await built.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json().data;
    };
    const hospital = a.hospital.id;
    const page = (where = '', params: unknown[] = [], offset = 0) =>
      pool.query(
        `select * from patients_list where hospital_id = $1 and deleted_at is null ${where}
         order by registered_at desc, patient_id limit 10 offset ${offset}`,
        [hospital, ...params],
      );
    const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
    const sample = seeded.sample;
    const cases: { measure: string; url: string; raw: () => Promise<unknown>; target?: string }[] = [
      { measure: 'List, page 1 of 10', url: '/api/patients?page=1&limit=10', raw: () => page(), target: 'p99 < 20 ms' },
      {
        measure: 'List, status waiting, page 1',
        url: '/api/patients?status=waiting&limit=10',
        raw: () => page(`and status = $2`, ['waiting']),
      },
      { measure: 'List, page 100 (offset 990)', url: '/api/patients?page=100&limit=10', raw: () => page('', [], 990) },
      {
        measure: 'Count only (dashboard metric)',
        url: '/api/patients?count_only=true',
        raw: () =>
          pool.query('select count(*) from patients_list where hospital_id = $1 and deleted_at is null', [hospital]),
      },
      {
        measure: 'Stats (counts by status, today, seen)',
        url: '/api/patients/stats',
        raw: () =>
          pool.query(
            'select status, count(*) from patients_list where hospital_id = $1 and deleted_at is null group by status',
            [hospital],
          ),
      },
    ];
    const searches: [string, string, string][] = [
      ['Search: a surname', sample.lastName, sample.lastName],
      ['Search: a name prefix (3 letters)', sample.firstName.slice(0, 3), sample.firstName.slice(0, 3)],
      ['Search: full name', `${sample.firstName} ${sample.lastName}`, `${sample.firstName} ${sample.lastName}`],
      [
        'Search: identification number fragment',
        sample.identificationNumber.slice(-6),
        sample.identificationNumber.slice(-6),
      ],
      ['Search: phone, written +234 …', sample.phoneInternational, sample.phoneDigits],
      ['Search: phone, last 7 digits', sample.phoneDigits.slice(-7), sample.phoneDigits.slice(-7)],
      ['Search: no match', 'Zzqxwv', 'zzqxwv'],
    ];
    for (const [measure, search, rawTerm] of searches) {
      cases.push({
        measure,
        url: `/api/patients?limit=10&search=${encodeURIComponent(search)}`,
        raw: () => page('and search_text like $2', [like(rawTerm)]),
        target: 'p99 < 50 ms at 1 000 000',
      });
    }
    for (const c of cases) {
      step(c.measure);
      const found = await get(c.url);
      const api = await latency(() => get(c.url));
      const base = await latency(c.raw);
      const matched = found.pagination
        ? `${found.pagination.totalPatients.toLocaleString('en-US')}${found.pagination.totalIsCapped ? '+' : ''} matches`
        : `${found.totalPatients.toLocaleString('en-US')} patients`;
      rows.push({
        measure: c.measure,
        result: `p50 ${ms(api.p50)}, p99 ${ms(api.p99)}`,
        detail: `raw SELECT p50 ${ms(base.p50)}, p99 ${ms(base.p99)}; ${matched}${c.target ? `; target ${c.target}` : ''}; load ${load1()}`,
      });
    }

    // 4. A rebuild: empty the list and counts, replay the whole feed.
    step('rebuild');
    const rebuilder = new ProjectionRunner(db, store, { projections: [patientsListProjection] }, log);
    const b0 = performance.now();
    const applied = await rebuilder.rebuild(PATIENTS_LIST);
    const rebuild = (performance.now() - b0) / 1000;
    rows.push({
      measure: 'Rebuild of patients-list (reset, replay every event)',
      result: `${rebuild.toFixed(1)} s`,
      detail: `${perSecond(applied / rebuild)} events over ${applied.toLocaleString('en-US')} events in the feed; load ${load1()}`,
    });

    console.table(rows);
    const file = await writeSection(
      'patients',
      `## Patient records (\`npm run bench:patients\`, ${PATIENTS.toLocaleString('en-US')} patients)

${header}

${table(rows)}

${PATIENTS.toLocaleString('en-US')} patients in one hospital and ${Math.floor(PATIENTS / 10).toLocaleString('en-US')} in another, appended as
events (registration; about 60 % with a status change and 40 % with vitals), registered over two years. Request
latencies are ${SAMPLES} sequential requests after a warm-up, through the whole route in the benchmark process
(\`app.inject\`: session check, validation, the queries, serialisation), as a receptionist of the big hospital;
beside each, the raw SELECT of one page of the same rows on the same pool (no count, no HTTP). A search runs on
one lower-cased column with a trigram GIN index and counts its matches up to 10 000 (\`totalIsCapped\` beyond);
unfiltered lists and counts read the counts table the projection keeps. Everything, PostgreSQL included, shares
the machine's two cores.`,
    );
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await built.close();
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
