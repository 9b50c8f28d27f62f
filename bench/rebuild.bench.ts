/**
 * Every projection rebuilt from a hospital's feed: `npm run bench:rebuild -- --patients 1000000 --events 10000000`
 * (20 000 patients and 200 000 events by default; `--modes one-pass,concurrent` picks the ways to rebuild;
 * `--commits per-command` writes each command's events in a commit of its own, as live, instead of 5 000 a commit).
 *
 * On a throwaway embedded PostgreSQL, the feed of one hospital is written straight into the events
 * table (test/helpers/hospital-feed.ts: journeys of registrations, vitals, status changes, consultations
 * with prescriptions and lab orders, lab work, dispensing, invoices, payments and RecordAccessed
 * reads). Then, in the same run: a plain keyset SELECT of every event, page by page (the baseline),
 * and the rebuild of every projection through the real runner (the events decoded against their
 * contracts, each projection's pages applied in its transactions), with a bar per projection on
 * stderr. Writes its section of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { createDb, createPool } from '../src/platform/db/database';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { createLogger } from '../src/platform/logger';
import { progressLines } from '../src/platform/projections/progress-bar';
import type { RebuildMode } from '../src/platform/projections/rebuild-all';
import { seedHospitalFeed } from '../test/helpers/hospital-feed';
import { machineLine, perSecond, table, writeSection, type Row } from './report';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const PATIENTS = Number(arg('patients') ?? 20_000);
const EVENTS = Number(arg('events') ?? PATIENTS * 10);
const MODES = (arg('modes') ?? 'one-pass,concurrent').split(',') as RebuildMode[];
const PAGE = Number(arg('page') ?? 10_000);
// `per-command`: a commit per command's events, as live; `batched` (default): 5,000 events a commit.
const COMMITS = arg('commits') === 'per-command' ? 'per-command' : 'batched';
const COMMIT_SIZE = COMMITS === 'per-command' ? 'one commit per command' : '5 000 events a commit';
const count = (n: number) => n.toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');

async function main() {
  const log = createLogger('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-rebuild-'));
  const embedded = await startEmbeddedPostgres(dir, log);
  const config = {
    ...loadConfig({
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      // `projections:rebuild` starts no server, so no audit anchor walks the chain beside it.
      AUDIT_CHECKPOINT_SECONDS: '0',
    }),
    databaseUrl: embedded.url,
  };
  const { app, platform } = await buildApp(config, { log, startProjections: false });
  // The table owner's connection: bulk writes without waiting for each commit's flush, analyze.
  const owner = new pg.Pool({ connectionString: embedded.url, max: 1, options: '-c synchronous_commit=off' });
  const ownerDb = createDb(createPool(embedded.url, 2));
  const rows: Row[] = [];
  try {
    const header = machineLine(
      `PostgreSQL ${(await owner.query('show server_version')).rows[0].server_version} (embedded)`,
    );

    const seedStart = performance.now();
    const events = await seedHospitalFeed(
      owner,
      { hospitalId: 'bench-hospital', patients: PATIENTS, events: EVENTS, seed: 23, commits: COMMITS },
      (n) => process.stderr.write(`\rseeding: ${count(n)} events`),
    );
    process.stderr.write('\n');
    await owner.query('analyze events');
    const seeded = performance.now() - seedStart;
    const mix = await owner.query<{ type: string; n: string }>(
      'select type, count(*) as n from events group by type order by count(*) desc',
    );
    rows.push({
      measure: `Feed seeded (SQL, ${COMMIT_SIZE})`,
      result: `${count(events)} events`,
      detail: `${count(PATIENTS)} patients, ${secs(seeded)}; ${mix.rows.map((r) => `${r.type} ${count(Number(r.n))}`).join(', ')}`,
    });

    // Baseline: the same events by a plain keyset SELECT, page by page, parsed by the driver.
    const readStart = performance.now();
    let after = ['0', '0'];
    let read = 0;
    for (;;) {
      const page = await owner.query<{ transaction_id: string; position: string }>(
        // The store's own page read (it walks the feed's index whatever the statistics say), without decoding.
        `select transaction_id::text as transaction_id, position, stream_id, stream_revision, event_id, type, data, metadata, recorded_at
           from hms_events_after($1::text::xid8, $2::bigint, ${PAGE})`,
        after,
      );
      if (page.rows.length === 0) break;
      read += page.rows.length;
      const last = page.rows[page.rows.length - 1]!;
      after = [last.transaction_id, String(last.position)];
    }
    const plain = performance.now() - readStart;
    const plainRate = (read / plain) * 1000;
    rows.push({
      measure: `Baseline: plain SELECT of every event (the store's page read), pages of ${count(PAGE)}`,
      result: perSecond(plainRate),
      detail: `${count(read)} events in ${secs(plain)}; load ${loadNow()}`,
    });

    const rates: { mode: string; rate: number }[] = [];
    for (const [i, mode] of MODES.entries()) {
      // After the first, each rebuild starts from read models the one before filled, as a live one does.
      const over = i === 0 ? 'empty read models' : 'full read models';
      const progress = new Map<string, number>();
      const finished = new Map<string, number>();
      const started = performance.now();
      let drawn = 0;
      const draw = () => {
        const lines = progressLines(
          [...progress].map(([name, done]) => ({ name, done })),
          events,
        );
        process.stderr.write(`${drawn ? `\x1b[${drawn}A` : ''}${lines.map((l) => `\r\x1b[2K${l}\n`).join('')}`);
        drawn = lines.length;
      };
      let last = 0;
      const loadAtStart = loadNow();
      const applied = await platform.runner.rebuildAll(
        mode,
        (name, done) => {
          progress.set(name, done);
          if (done >= events) finished.set(name, performance.now() - started);
          if (performance.now() - last > 1000) {
            last = performance.now();
            draw();
          }
        },
        { pageSize: PAGE, owner: ownerDb },
      );
      draw();
      const took = performance.now() - started;
      const rate = (applied / took) * 1000;
      const slowest = [...finished]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, ms]) => `${name} ${secs(ms)}`);
      rows.push({
        measure: `Rebuild of every projection (${progress.size}), ${mode}, over ${over}`,
        result: secs(took),
        detail: `${perSecond(rate)} feed events, ${(plainRate / rate).toFixed(1)}× the plain SELECT's time; last to finish: ${slowest.join(', ')}; load at start ${loadAtStart}`,
      });
      process.stderr.write(`${mode} over ${over}: ${secs(took)}\n`);
      rates.push({ mode: `${mode} (over ${over})`, rate });
    }

    const markdown = `## Rebuilding every projection (\`npm run bench:rebuild\`)

${header}
- Run: \`npm run bench:rebuild -- --patients ${PATIENTS} --events ${EVENTS} --modes ${MODES.join(',')}${COMMITS === 'per-command' ? ' --commits per-command' : ''}\`; pages of ${count(PAGE)} events

${table(rows)}

${rates
  .map(
    ({ mode, rate }) =>
      `- Extrapolation, not a measurement: at this run's ${mode} rate, the issue's 10,000,000 events would take ${(10_000_000 / rate / 60).toFixed(0)} min (target < 15 min).`,
  )
  .join('\n')}

What is measured: the feed is written straight into the events table by SQL (${COMMIT_SIZE}), a
hospital's journeys interleaved a thousand patients at a time (test/helpers/hospital-feed.ts). The
baseline reads the same events page by page with a plain keyset SELECT. The rebuild is
\`npm run projections:rebuild -- --all\`'s: every projection emptied (the first run's tables are empty already;
a later run's, in \`--modes one-pass,one-pass\`, are full, as in a live rebuild), the feed read once (\`one-pass\`;
\`concurrent\`: each projection reads it itself), the events decoded against their contracts, each
projection's pages applied in its own transactions with its checkpoint, runs of one type through the
batch handlers, and the indexes only the readers use dropped for the rebuild and built at its end
(their build is inside the time). "Last to finish" is when each projection had applied the whole feed.
`;
    process.stdout.write(`${markdown}\n`);
    if (!process.argv.includes('--no-write')) await writeSection('rebuild', markdown);
  } finally {
    await owner.end();
    await ownerDb.destroy();
    await app.close();
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
