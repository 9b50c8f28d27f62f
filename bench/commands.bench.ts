/**
 * The command path against the hardware's pace: `npm run bench:commands`.
 *
 * In one run, on a throwaway embedded PostgreSQL: the raw rate of single-row inserts into a copy
 * of the events table (1 and 8 writers), the event store's append rate (1 and 8 writers), its
 * catch-up read beside a raw read, patient registrations over HTTP with 8, 16 and 32 clients, both
 * confirmed (`allowDuplicate`) and unconfirmed (the likely-duplicate check in the commit, distinct
 * people so nobody is refused), and the patient list (50 connections, 100 000 patients) beside a
 * trivial Fastify route. Each figure stands with its ratio to its baseline and the load average.
 * Writes docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import { migrations } from '../migrations';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, createPool } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { prepareDatabase } from '../src/platform/db/app-role';
import { metadataFor } from '../src/platform/event-store/metadata';
import type { GlobalPosition } from '../src/platform/event-store/port';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { createLogger } from '../src/platform/logger';
import { processCpu, treeCpu } from './day-metrics';
import { checkoutAt, load, startServer, startTrivialFastify, type Load } from './harness';
import { printStatements, resetStatements, withStatements } from './pg-statements';
import { seedPatients, signInReceptionist } from './patients-seed';
import { machineLine, ms, percentile, perSecond, table, writeSection, type Row } from './report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const LIST_PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const CLIENTS = [8, 16, 32] as const;
/** `BENCH_ONLY=list`: only the patient list beside the trivial route (no docs written), to compare two trees. */
const ONLY_LIST = process.env.BENCH_ONLY === 'list';
/** `BENCH_SERVER_PROFILE=<dir>`: the server runs with `--cpu-prof` into that folder (see where its time goes). */
const SERVER_PROFILE = process.env.BENCH_SERVER_PROFILE;
/** `BENCH_PG_STATEMENTS=1`: pg_stat_statements loaded; the statements of the page-1 load are printed after it. */
const PG_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';
/**
 * `BENCH_ONLY=registrations`: only the raw-insert baseline and the registrations, confirmed and
 * unconfirmed (issue 23 item 3); writes its own section of docs/benchmarks.md.
 */
const ONLY_REGISTRATIONS = process.env.BENCH_ONLY === 'registrations';
/**
 * The commit to measure the same registrations at, in the same run: by default the one issue 11 was
 * filed against (its figures: 186 registrations/s with 8 clients), none with `BENCH_ONLY=registrations`.
 * `none` skips it.
 */
const BEFORE = process.env.BENCH_BEFORE ?? (ONLY_REGISTRATIONS ? 'none' : '68a33b9');
/** `BENCH_BEFORE_FIRST=1`: the earlier commit's registrations run before this tree's (to see what the order does). */
const BEFORE_FIRST = process.env.BENCH_BEFORE_FIRST === '1';
/** `BENCH_LIST_ROUNDS`: how many times the trivial route and page 1 of the list run in turn (the median is reported). */
const LIST_ROUNDS = Math.max(1, Number(process.env.BENCH_LIST_ROUNDS ?? 3));
const ratio = (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`;

/** Runs `writers` loops for SECONDS, each awaiting `step`; returns ops/s and latencies. */
async function timed(writers: number, step: (w: number, i: number) => Promise<void>) {
  const latencies: number[] = [];
  let ops = 0;
  const end = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; performance.now() < end; i++) {
        const t0 = performance.now();
        await step(w, i);
        latencies.push(performance.now() - t0);
        ops++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    rate: (ops / (performance.now() - started)) * 1000,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    ops,
  };
}

/** Which registrations: confirmed duplicates (`allowDuplicate`), or unconfirmed, checked in the commit. */
type Path = 'confirmed' | 'unconfirmed';
type Registrations = Map<number, Record<Path, Load>>;

/** Numbers the unconfirmed registrations of a whole run: every one is a new person (names, phone). */
let person = 0;
/** Numbers the load runs, so no two runs send the same identification number. */
let runs = 0;

/**
 * Patient registrations through POST /api/patients with 8, 16 and 32 clients, as the spec's client
 * sends them. With both paths, each client count runs them in the order confirmed, unconfirmed,
 * unconfirmed, confirmed and each path's figures are its two runs together, so a machine whose pace
 * drifts during the four runs (the table grows, a neighbour starts) favours neither. The confirmed ones
 * repeat names and phones from one client count to the next, as a desk confirming duplicates would;
 * the unconfirmed ones are all different people (their own phone range, 0805…), so none is refused
 * and the two paths do the same work but the check.
 */
async function registrations(url: string, token: string, paths: readonly Path[]): Promise<Registrations> {
  const results: Registrations = new Map();
  for (const connections of CLIENTS) {
    const byPath = {} as Record<Path, Load>;
    for (const which of paths.length > 1 ? [...paths, ...[...paths].reverse()] : paths) {
      const run = await registrationLoad(url, token, connections, which);
      byPath[which] = byPath[which] ? together(byPath[which], run) : run;
    }
    results.set(connections, byPath);
  }
  return results;
}

/** Two runs of equal length as one: their mean rate, their counts added, the worse of their percentiles. */
const together = (a: Load, b: Load): Load => ({
  requestsPerSecond: (a.requestsPerSecond + b.requestsPerSecond) / 2,
  p50: Math.max(a.p50, b.p50),
  p99: Math.max(a.p99, b.p99),
  non2xx: a.non2xx + b.non2xx,
  errors: a.errors + b.errors,
  total: a.total + b.total,
});

async function registrationLoad(url: string, token: string, connections: number, which: Path): Promise<Load> {
  let n = 0;
  const run = ++runs;
  return load({
    url: `${url}/api/patients`,
    connections,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        setupRequest: (req) => {
          n++;
          const id = `${run}R${connections}${which[0]}${process.pid}X${n}`;
          const fresh = which === 'unconfirmed' ? ++person : 0;
          req.body = JSON.stringify({
            firstName: 'Load',
            lastName: fresh ? `Fresh${fresh}` : `Test${n}`,
            dateOfBirth: '1985-03-12',
            gender: n % 2 ? 'Female' : 'Male',
            phoneNumber: fresh
              ? `0805${String(fresh % 10_000_000).padStart(7, '0')}`
              : `0802${String(n % 10_000_000).padStart(7, '0')}`,
            address: `${n} Broad Street, Lagos`,
            identificationNumber: `BENCH${id}`,
            ...(which === 'confirmed' && { allowDuplicate: true }),
          });
          return req;
        },
      },
    ],
  });
}

/**
 * The registrations on the project as it was at `commit`: its own checkout and dependencies, its
 * own database in the same PostgreSQL, its server in its own process, measured like this one's.
 */
async function registrationsAt(
  commit: string,
  databaseUrl: string,
  dir: string,
  servers: { stop: () => Promise<void> }[],
  paths: readonly Path[],
): Promise<Registrations> {
  const checkout = await checkoutAt(commit);
  try {
    const admin = createPool(databaseUrl, 1);
    await admin.query('create database hms_before');
    await admin.end();
    const dataDir = path.join(dir, 'before');
    const server = await startServer(databaseUrl.replace(/\/hms$/, '/hms_before'), dataDir, checkout.root);
    servers.push(server);
    const { token } = await signInReceptionist(server.url, dataDir);
    const results = await registrations(server.url, token, paths);
    await server.stop();
    return results;
  } finally {
    checkout.remove();
  }
}

/** Waits until /api/health reports every projection with nothing behind. */
async function caughtUp(url: string): Promise<void> {
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    const health = (await (await fetch(`${url}/api/health`)).json()) as {
      data: { projections: { eventsBehind: number }[] };
    };
    if (health.data.projections.every((p) => p.eventsBehind === 0)) return;
    if (Date.now() > deadline) throw new Error('the server did not catch up within 20 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The machine's busy and total CPU ticks so far (all cores), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  const idle = (n[3] ?? 0) + (n[4] ?? 0);
  const total = n.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/**
 * Waits (at most 30 s) until the machine has been nearly idle for a second: what a load leaves
 * behind (PostgreSQL's autovacuum and checkpoints, the server's sealer) is over before the next load
 * starts, so it is not counted against the load after it.
 */
async function quiet(): Promise<void> {
  const deadline = Date.now() + 30_000;
  let last = machineTicks();
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = machineTicks();
    const share = (now.busy - last.busy) / Math.max(1, now.total - last.total);
    last = now;
    if (share < 0.1) return;
  }
}

async function main() {
  const log = createLogger('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-commands-'));
  let embedded = await startEmbeddedPostgres(dir, log);
  if (PG_STATEMENTS) embedded = await withStatements(embedded, dir);
  // Measured as the server runs: migrations as the owner, the store as the app's own role. The
  // baseline's copy of the events table is the owner's too, granted to the app like the rest.
  await prepareDatabase({ migrations, ownerUrl: embedded.url, dataDir: dir });
  const owner = createPool(embedded.url, 1);
  await owner.query('create table bench_raw (like events including all)');
  await owner.end();
  const { appUrl } = await prepareDatabase({ migrations, ownerUrl: embedded.url, dataDir: dir });
  const pool = createPool(appUrl, 20);
  const db = createDb(pool);
  const rows: Row[] = [];
  const servers: { stop: () => Promise<void> }[] = [];
  try {
    const header = machineLine(
      `PostgreSQL ${(await pool.query('show server_version')).rows[0].server_version} (embedded)`,
    );
    const store = new PostgresEventStore(pool, appUrl);
    const metadata = metadataFor({ hospitalId: 'bench-hospital' });
    const meta = JSON.stringify(metadata);

    let raw1Rate = NaN;
    let raw8Rate = NaN;
    if (!ONLY_LIST) {
      // 1. The baseline: one-row inserts into a copy of the events table, one statement each.
      const raw = async (writers: number) =>
        timed(writers, async (w, i) => {
          await pool.query(
            'insert into bench_raw (stream_id, stream_revision, event_id, type, data, metadata) values ($1, $2, $3, $4, $5, $6)',
            [
              `raw-${writers}-${w}-${i % 10}`,
              Math.floor(i / 10),
              randomUUID(),
              'Benchmarked',
              JSON.stringify({ w, i }),
              meta,
            ],
          );
        });
      step('raw inserts');
      const raw1 = await raw(1);
      const raw8 = await raw(8);
      raw1Rate = raw1.rate;
      raw8Rate = raw8.rate;
      rows.push({
        measure: 'Raw single-row INSERT, 1 writer (baseline)',
        result: perSecond(raw1.rate),
        detail: `p50 ${ms(raw1.p50)}, p99 ${ms(raw1.p99)}`,
      });
      rows.push({
        measure: 'Raw single-row INSERT, 8 writers (baseline)',
        result: perSecond(raw8.rate),
        detail: `p50 ${ms(raw8.p50)}, p99 ${ms(raw8.p99)}`,
      });
    }
    if (!ONLY_LIST && !ONLY_REGISTRATIONS) {
      // 2. The store's append: the expected-revision check and the insert in one statement.
      const append = async (writers: number) => {
        const revisions = new Map<string, bigint>();
        return timed(writers, async (w, i) => {
          const stream = `bench-${writers}-${w}-${i % 10}`;
          const result = await store.append(stream, [{ type: 'Benchmarked', data: { w, i }, metadata }], {
            expectedRevision: revisions.get(stream) ?? 'no_stream',
          });
          revisions.set(stream, result.nextRevision);
        });
      };
      step('store appends');
      const append1 = await append(1);
      const append8 = await append(8);
      rows.push({
        measure: 'Event store append, 1 writer',
        result: `${perSecond(append1.rate)} (${ratio(append1.rate, raw1Rate)} of raw)`,
        detail: `p50 ${ms(append1.p50)}, p99 ${ms(append1.p99)}`,
      });
      rows.push({
        measure: 'Event store append, 8 writers',
        result: `${perSecond(append8.rate)} (${ratio(append8.rate, raw8Rate)} of raw)`,
        detail: `p50 ${ms(append8.p50)}, p99 ${ms(append8.p99)}; target ≥ 70 %`,
      });

      // 3. Catch-up: the whole feed in pages, beside one plain SELECT of the same rows.
      step('catch-up read');
      const total = Number((await pool.query('select count(*) from events')).rows[0].count);
      const readPages = async (limit: number) => {
        const t0 = performance.now();
        let after: GlobalPosition | null = null;
        let read = 0;
        for (;;) {
          const page = await store.readAll({ after, limit });
          if (page.length === 0) break;
          read += page.length;
          after = page[page.length - 1]!.globalPosition;
        }
        return (read / (performance.now() - t0)) * 1000;
      };
      const t0 = performance.now();
      const plain = await pool.query(
        'select position, stream_id, stream_revision, event_id, type, data, metadata, recorded_at from events',
      );
      const rawRead = (plain.rowCount! / (performance.now() - t0)) * 1000;
      const catchUp = Math.max(await readPages(5000), await readPages(5000));
      rows.push({
        measure: 'Plain SELECT of the whole events table (baseline)',
        result: perSecond(rawRead),
        detail: `${total.toLocaleString('en-US')} events`,
      });
      rows.push({
        measure: 'Catch-up read (readAll, pages of 5000)',
        result: `${perSecond(catchUp)} (${ratio(catchUp, rawRead)} of plain)`,
        detail: 'target ≥ 200 000/s',
      });
    }

    // 4. Commands over HTTP, and the list, against the real server in its own process.
    step('server');
    const dataDir = path.join(dir, 'app');
    const profile = SERVER_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(SERVER_PROFILE)}`] : [];
    const server = await startServer(embedded.url, dataDir, undefined, profile);
    servers.push(server);
    const postmaster = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const { token, hospitalId } = await signInReceptionist(server.url, dataDir);
    const patients = await seedPatients(embedded.url, hospitalId, LIST_PATIENTS);
    // The server's background projections (audit trail, notifier) must have taken in the seeded
    // events first, or the measured commands would share the machine with that catch-up.
    step('waiting for the server to catch up');
    await caughtUp(server.url);
    step('registrations');
    // 5. The same registrations on an earlier commit's code, in this run (after this tree's, unless BEFORE_FIRST).
    const atBefore = async () => {
      if (BEFORE === 'none' || ONLY_LIST) return null;
      step(`registrations at ${BEFORE}`);
      const paths: readonly Path[] = ONLY_REGISTRATIONS ? PATHS : ['confirmed'];
      return registrationsAt(BEFORE, embedded.url, dir, servers, paths).catch((e: Error) => e);
    };
    const early = BEFORE_FIRST ? await atBefore() : null;
    const now: Registrations = ONLY_LIST ? new Map() : await registrations(server.url, token, PATHS);
    rows.push(...registrationRows(now, raw8Rate, ''));

    if (!ONLY_REGISTRATIONS) await listRows(server, postmaster, token, patients, rows, servers, embedded.url);

    if (BEFORE !== 'none' && !ONLY_LIST) {
      const before = BEFORE_FIRST ? early : await atBefore();
      if (before === null) throw new Error('unreachable');
      if (before instanceof Error) {
        console.error(`the comparison with ${BEFORE} could not run: ${before.message.split('\n')[0]}`);
      } else {
        rows.push(...registrationRows(before, raw8Rate, ` at ${BEFORE} (baseline)`, now));
      }
    }

    console.table(rows);
    const loadLine = `load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`;
    console.log(loadLine);
    if (ONLY_LIST) return;
    const file = ONLY_REGISTRATIONS
      ? await writeSection('duplicates', duplicatesSection(header, rows, loadLine))
      : await writeSection('commands', commandsSection(header, rows));
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    // Each step of the clean-up gets 20 s: a hung one is named and skipped, the table is already written.
    for (const s of servers) await bounded('stopping a server', s.stop());
    await bounded('closing the pool', db.destroy());
    await bounded('stopping PostgreSQL', embedded.stop());
    rmSync(dir, { recursive: true, force: true });
  }
}

const PATHS: readonly Path[] = ['confirmed', 'unconfirmed'];
const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);

/**
 * A line per client count and path, the unconfirmed one with its ratio to the confirmed one of the
 * same client count (target ≥ 80 %); `now` (for an earlier commit's lines) adds this tree's ratio.
 */
function registrationRows(results: Registrations, raw8Rate: number, at: string, now?: Registrations): Row[] {
  const rows: Row[] = [];
  for (const [clients, byPath] of results) {
    for (const which of PATHS) {
      const r = byPath[which];
      if (!r) continue;
      const confirmed = byPath.confirmed.requestsPerSecond;
      const mine = now?.get(clients)?.[which]?.requestsPerSecond;
      const vs =
        which === 'unconfirmed'
          ? `${ratio(r.requestsPerSecond, confirmed)} of confirmed`
          : `${ratio(r.requestsPerSecond, raw8Rate)} of raw 8-writer inserts`;
      rows.push({
        measure: `Register patient over HTTP, ${which}, ${clients} clients${at}`,
        result: `${perSecond(r.requestsPerSecond)} (${vs})${mine ? `; now ${(mine / r.requestsPerSecond).toFixed(1)}× that` : ''}`,
        detail: `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; ${r.total} requests, ${r.non2xx} not 2xx, ${r.errors} errors`,
      });
    }
  }
  return rows;
}

/**
 * The patient list, page 1 and pages 1–50 in turn, beside a trivial Fastify route. Each line also
 * says the CPU one request cost: the server's process and PostgreSQL's (every backend, the
 * background workers), from the start of its load until the server's projections (the audit
 * trail above all) have taken in the reads it recorded, divided by the requests served. On a
 * shared machine the rate follows the neighbours' load; the CPU a request costs much less so.
 */
async function listRows(
  server: { url: string; pid: number },
  postmaster: number,
  token: string,
  patients: number,
  rows: Row[],
  servers: { stop: () => Promise<void> }[],
  databaseUrl: string,
): Promise<void> {
  const url = server.url;
  step('list and trivial route');
  const trivial = await startTrivialFastify();
  servers.push(trivial);
  /** A load and the CPU per request it cost, the projections' catching up included. */
  const costed = async (run: () => Promise<Load>) => {
    await caughtUp(url);
    const before = { server: processCpu(server.pid), pg: treeCpu(postmaster) };
    const result = await run();
    await caughtUp(url);
    const per = (now: number, then: number) => (now - then) / Math.max(1, result.total);
    const cpu = { server: per(processCpu(server.pid), before.server), pg: per(treeCpu(postmaster), before.pg) };
    return { ...result, cpuServer: cpu.server, cpuPg: cpu.pg };
  };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  if (PG_STATEMENTS) await resetStatements(databaseUrl);
  // The trivial route and page 1 in turn, LIST_ROUNDS times: the shared machine's pace drifts by a
  // third within minutes, so each page-1 load is set beside the trivial load just before it, and the
  // line reports the median of those ratios (each round's ratio in its detail).
  const rounds: { base: Load; trivialCpu: number; list: Awaited<ReturnType<typeof costed>> }[] = [];
  // A first page-1 load warms the server (its compiled code, PostgreSQL's caches); it is not counted.
  await load({ url: `${url}/api/patients?page=1&limit=10`, connections: 50, duration: 3, headers });
  await caughtUp(url);
  for (let round = 0; round < LIST_ROUNDS; round++) {
    await quiet();
    const trivialCpu0 = processCpu(trivial.pid);
    const base = await load({ url: `${trivial.url}/`, connections: 50, duration: SECONDS });
    const trivialCpu = (processCpu(trivial.pid) - trivialCpu0) / base.total;
    await quiet();
    const list = await costed(() =>
      load({ url: `${url}/api/patients?page=1&limit=10`, connections: 50, duration: SECONDS, headers }),
    );
    rounds.push({ base, trivialCpu, list });
  }
  await trivial.stop();
  if (PG_STATEMENTS) {
    console.log(`statements of the page-1 loads (${rounds.reduce((n, r) => n + r.list.total, 0)} requests):`);
    await printStatements(databaseUrl);
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  };
  const shares = rounds.map((r) => r.list.requestsPerSecond / r.base.requestsPerSecond);
  const base = median(rounds.map((r) => r.base.requestsPerSecond));
  const list = median(rounds.map((r) => r.list.requestsPerSecond));
  const cpuLine = (cpus: { cpuServer: number; cpuPg: number }[]) =>
    `CPU per request: server ${median(cpus.map((c) => c.cpuServer)).toFixed(2)} ms, PostgreSQL ${median(cpus.map((c) => c.cpuPg)).toFixed(2)} ms`;
  // Each request a different page than the ones beside it: nothing to share, every one its own query.
  let n = 0;
  const pages = await costed(() =>
    load({
      url,
      connections: 50,
      duration: SECONDS,
      headers,
      requests: [
        { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/patients?page=${(n++ % 50) + 1}&limit=10` }) },
      ],
    }),
  );
  rows.push({
    measure: 'Trivial Fastify route, 50 connections (baseline)',
    result: perSecond(base),
    detail: `median of ${LIST_ROUNDS} loads (${rounds.map((r) => perSecond(r.base.requestsPerSecond)).join(', ')}); p99 ${ms(median(rounds.map((r) => r.base.p99)))}; CPU per request ${median(rounds.map((r) => r.trivialCpu)).toFixed(2)} ms`,
  });
  rows.push({
    measure: `List patients (page 1 of ${patients.toLocaleString('en-US')}), 50 connections`,
    result: `${perSecond(list)} (${(median(shares) * 100).toFixed(0)} % of trivial)`,
    detail: `share per round, each beside the trivial load before it: ${shares.map((x) => `${(x * 100).toFixed(0)} %`).join(', ')} (median above); p50 ${ms(median(rounds.map((r) => r.list.p50)))}, p99 ${ms(median(rounds.map((r) => r.list.p99)))} (target p99 < 20 ms); ${rounds.reduce((n, r) => n + r.list.non2xx, 0)} not 2xx; ${cpuLine(rounds.map((r) => r.list))}`,
  });
  rows.push({
    measure: `List patients (pages 1–50 in turn, of ${patients.toLocaleString('en-US')}), 50 connections`,
    result: `${perSecond(pages.requestsPerSecond)} (${ratio(pages.requestsPerSecond, base)} of trivial)`,
    detail: `p50 ${ms(pages.p50)}, p99 ${ms(pages.p99)}; ${pages.non2xx} not 2xx; ${cpuLine([pages])}`,
  });
}

const commandsSection = (header: string, rows: Row[]) => `## Command path (\`npm run bench:commands\`)

${header}

${table(rows)}

Each run lasts ${SECONDS} s per line. Writers and clients run in the benchmark process; the server in its own
process (\`src/main.ts\`), all on the same two cores as PostgreSQL. "Raw" is one INSERT statement per row
into a copy of the events table with the same indexes; the store's append adds the expected-revision
check in the same statement. Registrations go through the whole command path as the spec's client
sends them (JSON content type, Bearer token): session check, validation, the identification-number
reservation, the likely-duplicate keys and the patient's event committed together with the patient
list and its counts, while the server's background projections (audit trail, notifier) follow the
feed. "Confirmed" requests send \`allowDuplicate\` (their keys join whoever holds them, no check);
"unconfirmed" ones are all different people, checked by the commit's expected revisions (issue 23
item 3). Concurrent commands share transactions (group commit). Identical list requests that arrive
together share one query that began after each of them arrived (as every desk refetching page 1 after
one live event does); the second list line gives each concurrent request a different page, so each is
its own query. The trivial route and page 1 run in turn ${LIST_ROUNDS} times, and page 1's share is the
median of each load's rate over the trivial load's just before it (the machine's pace drifts within minutes).
The baseline rows run the same confirmed registrations on the project as it was at
${BEFORE}, when issue 11 was filed: its own checkout and dependencies, its own database in the same
PostgreSQL, in this run.`;

const duplicatesSection = (
  header: string,
  rows: Row[],
  loadLine: string,
) => `## Likely-duplicate check in the commit (issue 23 item 3)

\`BENCH_ONLY=registrations npm run bench:commands\`${BEFORE === 'none' ? '' : ` (\`BENCH_BEFORE=${BEFORE}\`)`}

${header}
- ${loadLine.charAt(0).toUpperCase()}${loadLine.slice(1)}

${table(rows)}

The same server, database and method as the command path above (${SECONDS} s per line, ${LIST_PATIENTS.toLocaleString('en-US')}
seeded patients, raw-insert baseline of this run). At each client count the confirmed registrations
(\`allowDuplicate\`: the keys join whoever holds them, no check) and the unconfirmed ones run in the
order confirmed, unconfirmed, unconfirmed, confirmed, each path's line being its two runs together
(mean rate, the worse percentiles), so a drift of the shared machine's pace favours neither. The
unconfirmed ones are all different people, so none is refused: their check is the commit's expected
revisions on the two key streams (phone; names and birth date), no query before it. Target:
unconfirmed ≥ 80 % of confirmed.${BEFORE === 'none' ? '' : ` The rows "at ${BEFORE}" are the same two paths on that commit's code, in its own checkout, database and server process, in this run; "now" compares this tree's rate with them.`}`;

async function bounded(step: string, work: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('timed out'), 20_000)));
  const outcome = await Promise.race([
    work.then(
      () => 'done',
      () => 'failed',
    ),
    late,
  ]);
  clearTimeout(timer);
  if (outcome !== 'done') console.error(`clean-up: ${step} ${outcome}`);
}

main().then(
  // A pool or socket of the load client may still hold the event loop open: the table is written.
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
