/**
 * The command path against the hardware's pace: `npm run bench:commands`.
 *
 * In one run, on a throwaway embedded PostgreSQL: the raw rate of single-row inserts into a copy
 * of the events table (1 and 8 writers), the event store's append rate (1 and 8 writers), its
 * catch-up read beside a raw read, patient registrations over HTTP with 8 and 32 clients, and the
 * patient list (50 connections, 100 000 patients) beside a trivial Fastify route. Each figure
 * stands with its ratio to its baseline and the load average. Writes docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, createPool } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { prepareDatabase } from '../src/platform/db/app-role';
import { metadataFor } from '../src/platform/event-store/metadata';
import type { GlobalPosition } from '../src/platform/event-store/port';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { createLogger } from '../src/platform/logger';
import { checkoutAt, load, startServer, startTrivialFastify, type Load } from './harness';
import { seedPatients, signInReceptionist } from './patients-seed';
import { machineLine, ms, percentile, perSecond, table, writeSection, type Row } from './report';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const LIST_PATIENTS = Number(process.env.BENCH_PATIENTS ?? 100_000);
const CLIENTS = [8, 16, 32] as const;
/** The commit issue 11 was filed against (its figures: 186 registrations/s with 8 clients); `none` skips it. */
const BEFORE = process.env.BENCH_BEFORE ?? '68a33b9';
/** `BENCH_ONLY=list`: only the patient list beside the trivial route (no docs written), to compare two trees. */
const ONLY_LIST = process.env.BENCH_ONLY === 'list';
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

/** Patient registrations through POST /api/patients with 8, 16 and 32 clients, as the spec's client sends them. */
async function registrations(url: string, token: string): Promise<Map<number, Load>> {
  const results = new Map<number, Load>();
  for (const connections of CLIENTS) {
    let n = 0;
    results.set(
      connections,
      await load({
        url: `${url}/api/patients`,
        connections,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            setupRequest: (req) => {
              n++;
              const id = `${connections}C${process.pid}X${n}`;
              req.body = JSON.stringify({
                firstName: 'Load',
                lastName: `Test${n}`,
                dateOfBirth: '1985-03-12',
                gender: n % 2 ? 'Female' : 'Male',
                phoneNumber: `0802${String(n % 10_000_000).padStart(7, '0')}`,
                address: `${n} Broad Street, Lagos`,
                identificationNumber: `BENCH${id}`,
                allowDuplicate: true,
              });
              return req;
            },
          },
        ],
      }),
    );
  }
  return results;
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
): Promise<Map<number, Load>> {
  const checkout = await checkoutAt(commit);
  try {
    const admin = createPool(databaseUrl, 1);
    await admin.query('create database hms_before');
    await admin.end();
    const dataDir = path.join(dir, 'before');
    const server = await startServer(databaseUrl.replace(/\/hms$/, '/hms_before'), dataDir, checkout.root);
    servers.push(server);
    const { token } = await signInReceptionist(server.url, dataDir);
    const results = await registrations(server.url, token);
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

async function main() {
  const log = createLogger('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-commands-'));
  const embedded = await startEmbeddedPostgres(dir, log);
  // Measured as the server runs: migrations as the owner, the store as the app's own role. The
  // baseline's copy of the events table is the owner's too, granted to the app like the rest.
  await prepareDatabase({ ownerUrl: embedded.url, dataDir: dir });
  const owner = createPool(embedded.url, 1);
  await owner.query('create table bench_raw (like events including all)');
  await owner.end();
  const { appUrl } = await prepareDatabase({ ownerUrl: embedded.url, dataDir: dir });
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

    const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);
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
        result: `${perSecond(append1.rate)} (${ratio(append1.rate, raw1.rate)} of raw)`,
        detail: `p50 ${ms(append1.p50)}, p99 ${ms(append1.p99)}`,
      });
      rows.push({
        measure: 'Event store append, 8 writers',
        result: `${perSecond(append8.rate)} (${ratio(append8.rate, raw8.rate)} of raw)`,
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
    const server = await startServer(embedded.url, dataDir);
    servers.push(server);
    const { token, hospitalId } = await signInReceptionist(server.url, dataDir);
    const patients = await seedPatients(embedded.url, hospitalId, LIST_PATIENTS);
    // The server's background projections (audit trail, notifier) must have taken in the seeded
    // events first, or the measured commands would share the machine with that catch-up.
    step('waiting for the server to catch up');
    await caughtUp(server.url);
    step('registrations');
    const now = ONLY_LIST ? new Map<number, Load>() : await registrations(server.url, token);
    for (const [clients, r] of now) {
      rows.push({
        measure: `Register patient over HTTP, ${clients} clients`,
        result: `${perSecond(r.requestsPerSecond)} (${ratio(r.requestsPerSecond, raw8Rate)} of raw 8-writer inserts)`,
        detail: `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; ${r.total} requests, ${r.non2xx} not 2xx, ${r.errors} errors`,
      });
    }

    step('list and trivial route');
    const trivial = await startTrivialFastify();
    servers.push(trivial);
    const base = await load({ url: `${trivial.url}/`, connections: 50, duration: SECONDS });
    await trivial.stop();
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const list = await load({
      url: `${server.url}/api/patients?page=1&limit=10`,
      connections: 50,
      duration: SECONDS,
      headers,
    });
    // Each request a different page than the ones beside it: nothing to share, every one its own query.
    let n = 0;
    const pages = await load({
      url: server.url,
      connections: 50,
      duration: SECONDS,
      headers,
      requests: [
        { method: 'GET', setupRequest: (req) => ({ ...req, path: `/api/patients?page=${(n++ % 50) + 1}&limit=10` }) },
      ],
    });
    rows.push({
      measure: 'Trivial Fastify route, 50 connections (baseline)',
      result: perSecond(base.requestsPerSecond),
      detail: `p50 ${ms(base.p50)}, p99 ${ms(base.p99)}`,
    });
    rows.push({
      measure: `List patients (page 1 of ${patients.toLocaleString('en-US')}), 50 connections`,
      result: `${perSecond(list.requestsPerSecond)} (${ratio(list.requestsPerSecond, base.requestsPerSecond)} of trivial)`,
      detail: `p50 ${ms(list.p50)}, p99 ${ms(list.p99)} (target p99 < 20 ms); ${list.non2xx} not 2xx`,
    });
    rows.push({
      measure: `List patients (pages 1–50 in turn, of ${patients.toLocaleString('en-US')}), 50 connections`,
      result: `${perSecond(pages.requestsPerSecond)} (${ratio(pages.requestsPerSecond, base.requestsPerSecond)} of trivial)`,
      detail: `p50 ${ms(pages.p50)}, p99 ${ms(pages.p99)}; ${pages.non2xx} not 2xx`,
    });

    // 5. The same registrations on the code of the day issue 11 was filed, in this run.
    if (BEFORE !== 'none' && !ONLY_LIST) {
      step(`registrations at ${BEFORE}`);
      const before = await registrationsAt(BEFORE, embedded.url, dir, servers).catch((e: Error) => e);
      if (before instanceof Error) {
        console.error(`the comparison with ${BEFORE} could not run: ${before.message.split('\n')[0]}`);
      } else {
        for (const [clients, r] of before) {
          const current = now.get(clients)!;
          rows.push({
            measure: `Register patient over HTTP, ${clients} clients, at ${BEFORE} (baseline)`,
            result: `${perSecond(r.requestsPerSecond)}; now ${(current.requestsPerSecond / r.requestsPerSecond).toFixed(1)}× that`,
            detail: `p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; ${r.total} requests, ${r.non2xx} not 2xx, ${r.errors} errors`,
          });
        }
      }
    }

    console.table(rows);
    if (ONLY_LIST) {
      console.log(
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      return;
    }
    const file = await writeSection(
      'commands',
      `## Command path (\`npm run bench:commands\`)

${header}

${table(rows)}

Each run lasts ${SECONDS} s per line. Writers and clients run in the benchmark process; the server in its own
process (\`src/main.ts\`), all on the same two cores as PostgreSQL. "Raw" is one INSERT statement per row
into a copy of the events table with the same indexes; the store's append adds the expected-revision
check in the same statement. Registrations go through the whole command path as the spec's client
sends them (JSON content type, Bearer token): session check, validation, the identification-number
reservation and the patient's event committed together with the patient list and its counts (the
requests confirm \`allowDuplicate\`, so the likely-duplicate query is skipped), while the server's
background projections (audit trail, notifier) follow the feed. Concurrent commands share
transactions (group commit). Identical list requests that arrive together share one query that
began after each of them arrived (as every desk refetching page 1 after one live event does); the
second list line gives each concurrent request a different page, so each is its own query. The
baseline rows run the same registrations on the project as it was at ${BEFORE}, when issue 11 was
filed: its own checkout and dependencies, its own database in the same PostgreSQL, in this run.`,
    );
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    // Each step of the clean-up gets 20 s: a hung one is named and skipped, the table is already written.
    for (const s of servers) await bounded('stopping a server', s.stop());
    await bounded('closing the pool', db.destroy());
    await bounded('stopping PostgreSQL', embedded.stop());
    rmSync(dir, { recursive: true, force: true });
  }
}

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
