/**
 * Event store benchmark: `npm run bench:eventstore`.
 *
 * Starts a throwaway embedded PostgreSQL, then measures append throughput under concurrent
 * writers, catch-up read rate over the global feed, and how long an appended event takes to
 * reach a projection. Prints a table and writes docs/benchmarks.md. Bounded to about a minute.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { migrations } from '../migrations';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { machineLine, table, writeSection, type Row } from './report';
import { createDb, createPool } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { prepareDatabase } from '../src/platform/db/app-role';
import { metadataFor } from '../src/platform/event-store/metadata';
import type { GlobalPosition } from '../src/platform/event-store/port';
import { PostgresEventStore } from '../src/platform/event-store/postgres-event-store';
import { createLogger } from '../src/platform/logger';
import { defineProjection } from '../src/platform/projections/projection';
import { ProjectionRunner } from '../src/platform/projections/runner';

const WRITERS = 8;
const APPENDS_PER_WRITER = 2000;
const READ_BATCH = 500;
const READ_PASSES = 3;
const LAG_SAMPLES = 1000;
const LAG_INTERVAL_MS = 5;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const perSecond = (count: number, millis: number) =>
  `${Math.round((count / millis) * 1000).toLocaleString('en')} events/s`;
const sleep = (millis: number) => new Promise((r) => setTimeout(r, Math.max(0, millis)));

async function main() {
  // Other work on the machine skews every number: the report records how busy it was.
  const loadAtStart = os.loadavg()[0]!;
  const log = createLogger('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-'));
  const embedded = await startEmbeddedPostgres(dir, log);
  // As the server runs: migrations as the owner, the store as the app's own role; the lag
  // projection's table is the owner's, granted to the app like every read model.
  await prepareDatabase({ migrations, ownerUrl: embedded.url, dataDir: dir });
  const owner = createPool(embedded.url, 1);
  await owner.query('create table bench_lag (event_id uuid primary key)');
  await owner.end();
  const { appUrl } = await prepareDatabase({ migrations, ownerUrl: embedded.url, dataDir: dir });
  const pool = createPool(appUrl, WRITERS + 4);
  const db = createDb(pool);
  const rows: Row[] = [];
  try {
    const store = new PostgresEventStore(pool, appUrl);
    const metadata = metadataFor({ hospitalId: 'bench-hospital' });
    const { rows: version } = await sql<{ server_version: string }>`show server_version`.execute(db);

    // 1. Append throughput: single-event appends, each writer on its own streams.
    const latencies: number[] = [];
    const appendStart = performance.now();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        const revisions = new Map<string, bigint>();
        for (let i = 0; i < APPENDS_PER_WRITER; i++) {
          const stream = `bench-${w}-${i % 10}`;
          const t0 = performance.now();
          const result = await store.append(stream, [{ type: 'Benchmarked', data: { w, i }, metadata }], {
            expectedRevision: revisions.get(stream) ?? 'no_stream',
          });
          latencies.push(performance.now() - t0);
          revisions.set(stream, result.nextRevision);
        }
      }),
    );
    const appendMs = performance.now() - appendStart;
    const appended = WRITERS * APPENDS_PER_WRITER;
    latencies.sort((a, b) => a - b);
    rows.push({
      measure: `Append throughput (${WRITERS} writers × ${APPENDS_PER_WRITER}, one event each)`,
      result: perSecond(appended, appendMs),
      detail: `${appended} appends in ${(appendMs / 1000).toFixed(1)} s; latency p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}`,
    });

    // 2. Catch-up read rate: the whole feed in pages, as a projection catching up reads it.
    const passes: number[] = [];
    for (let pass = 0; pass < READ_PASSES; pass++) {
      const t0 = performance.now();
      let after: GlobalPosition | null = null;
      let read = 0;
      for (;;) {
        const page = await store.readAll({ after, limit: READ_BATCH });
        if (page.length === 0) break;
        read += page.length;
        after = page[page.length - 1]!.globalPosition;
      }
      if (read !== appended) throw new Error(`read ${read} events, expected ${appended}`);
      passes.push(performance.now() - t0);
    }
    passes.sort((a, b) => a - b);
    rows.push({
      measure: `Catch-up read (readAll, pages of ${READ_BATCH})`,
      result: perSecond(appended, passes[Math.floor(READ_PASSES / 2)]!),
      detail: `median of ${READ_PASSES} passes over ${appended} events`,
    });

    // 3. Append-to-projection lag, at a steady rate, with one trivial projection.
    const handledAt = new Map<string, number>();
    const projection = defineProjection<{ type: 'Lagged'; data: { i: number } }>({
      name: 'bench_lag',
      handlers: {
        Lagged: async (trx, event) => {
          await sql`insert into bench_lag (event_id) values (${event.id})`.execute(trx);
          handledAt.set(event.id, performance.now());
        },
      },
      reset: async (trx) => void (await sql`delete from bench_lag`.execute(trx)),
    });
    const runner = new ProjectionRunner(db, store, { projections: [projection] }, log);
    await runner.start();
    await runner.waitFor((await store.headPosition())!, [projection], 120_000);

    // 3a. Woken only by the store's notification: append resolved → projection handler ran.
    const notified: number[] = [];
    const start = performance.now();
    for (let i = 0; i < LAG_SAMPLES; i++) {
      await sleep(start + i * LAG_INTERVAL_MS - performance.now());
      const id = crypto.randomUUID();
      await store.append(`lag-${i % 10}`, [{ id, type: 'Lagged', data: { i }, metadata }], { expectedRevision: 'any' });
      const resolvedAt = performance.now();
      void waitUntil(() => handledAt.has(id)).then(() => notified.push(handledAt.get(id)! - resolvedAt));
    }
    await waitUntil(() => notified.length === LAG_SAMPLES);

    // 3b. Read-your-writes as a command sees it: append resolved → waitFor says the read model has it.
    const readYourWrites: number[] = [];
    const start2 = performance.now();
    for (let i = 0; i < LAG_SAMPLES; i++) {
      await sleep(start2 + i * LAG_INTERVAL_MS - performance.now());
      const { position } = await store.append(`lag-${i % 10}`, [{ type: 'Lagged', data: { i }, metadata }], {
        expectedRevision: 'any',
      });
      const resolvedAt = performance.now();
      if (!(await runner.waitFor(position, [projection], 10_000))) throw new Error('projection did not catch up');
      readYourWrites.push(performance.now() - resolvedAt);
    }
    await runner.stop();
    for (const [label, samples] of [
      ['Append → projection handler (notification wake-up)', notified],
      ['Append → read model committed (waitFor, read-your-writes)', readYourWrites],
    ] as const) {
      const sorted = [...samples].sort((a, b) => a - b);
      rows.push({
        measure: label,
        result: `p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}`,
        detail: `${LAG_SAMPLES} appends at ${1000 / LAG_INTERVAL_MS}/s; max ${ms(sorted[sorted.length - 1]!)}`,
      });
    }

    console.table(rows);
    const file = await writeReport(rows, version[0]!.server_version, loadAtStart);
    console.log(`Wrote ${path.relative(process.cwd(), file)}`);
  } finally {
    await db.destroy();
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function waitUntil(done: () => boolean, timeoutMs = 30_000) {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('benchmark timed out waiting for the projection');
    await sleep(1);
  }
}

async function writeReport(rows: Row[], postgresVersion: string, loadAtStart: number): Promise<string> {
  const markdown = `## Event store (\`npm run bench:eventstore\`)

${machineLine(`PostgreSQL ${postgresVersion} (embedded, default settings); 1-min load at start ${loadAtStart.toFixed(2)}`)}

${table(rows)}

- **Append throughput**: ${WRITERS} concurrent writers, each appending ${APPENDS_PER_WRITER} single-event
  commands through \`PostgresEventStore.append\` with an expected revision (one transaction per append, as
  a command does).
- **Catch-up read**: \`readAll\` in pages of ${READ_BATCH} from the start of the feed, as a new or rebuilt
  projection reads it.
- **Append → projection**: one trivial projection in a \`ProjectionRunner\` following the feed while
  events are appended at a steady ${1000 / LAG_INTERVAL_MS} per second. "Notification wake-up" is the time
  from \`append\` resolving to the handler running. "Read-your-writes" is the time until \`runner.waitFor\`
  reports the projection's transaction committed.
`;
  return writeSection('eventstore', markdown);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
