/**
 * Web delivery benchmark: `npm run bench:web` (run `npm run build` first).
 *
 * Starts the real application (every module, on a throwaway database: a fresh one on the server in
 * DATABASE_URL, or an embedded PostgreSQL) serving dist/web, then loads pages in Chromium the way a
 * first-time visitor does and sums what came over the wire: the encoded (compressed, as served)
 * body of every response of the first load, and the JavaScript uncompressed. A second visit in the
 * same browser shows what the cache headers save. Writes the `web` section of docs/benchmarks.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, Response } from 'playwright-core';
import { buildApp, WEB_DIST } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded-postgres';
import { createLogger } from '../src/platform/logger';
import { launchBrowser } from '../test/browser/helpers/browser';
import { machineLine, table, writeSection, type Row } from './report';

/** The pages a visitor reaches before signing in. */
const PAGES = [
  { path: '/', name: 'Landing page (/)' },
  { path: '/admin/login', name: 'Admin sign-in (/admin/login)' },
];

/**
 * The same loads before issue 15 (commit 51ed0ea, built and measured with this script on the same
 * machine): assets served uncompressed with `cache-control: public, max-age=0`, so a second visit
 * revalidated every file, and the entry chunk carrying zod, the signed-in screens' dialogs and their
 * react-aria overlay code.
 */
const BEFORE = {
  commit: '51ed0ea',
  landing: { requests: 15, wire: 629.2 * 1024, js: 600.1 * 1024, jsFiles: 10, repeatRequests: 15 },
  login: { requests: 17, wire: 615.4 * 1024, js: 593.4 * 1024, jsFiles: 12, repeatRequests: 17 },
};

type Load = {
  requests: number;
  /** Requests that reached the server (a cached asset never does). */
  served: string[];
  /** Encoded body bytes, as they came over the wire. */
  wire: number;
  /** JavaScript bodies, decoded. */
  js: number;
  jsFiles: number;
  encodings: Set<string>;
  files: { url: string; wire: number; decoded: number; encoding: string; cache: string }[];
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** What the second visit still asked the server for (index.html is `no-cache`: revalidated). */
function describeRepeat(load: Load): string {
  return load.served.length > 0 ? load.served.map((url) => `\`${url}\``).join(', ') : 'nothing';
}

async function measure(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
  hits: string[],
): Promise<{ first: Load; repeat: Load }> {
  // Without the service worker: its precache of the whole build runs in the background of the first
  // visit and reached the server during the second, which is about what the cache headers let it skip.
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 740 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const load = async (): Promise<Load> => {
      const responses: Response[] = [];
      const onResponse = (r: Response) => responses.push(r);
      hits.length = 0;
      page.on('response', onResponse);
      await page.goto(pagePath, { waitUntil: 'networkidle' });
      page.off('response', onResponse);
      const served = [...hits];
      const result: Load = { requests: 0, served, wire: 0, js: 0, jsFiles: 0, encodings: new Set(), files: [] };
      for (const response of responses) {
        // Answers from the browser's cache never crossed the wire.
        if (!served.includes(new URL(response.url()).pathname)) continue;
        const sizes = await response.request().sizes();
        const headers = await response.allHeaders();
        const decoded = response.status() === 200 ? (await response.body()).length : 0;
        const encoding = headers['content-encoding'] ?? 'identity';
        result.requests += 1;
        result.wire += Math.max(0, sizes.responseBodySize);
        if (response.status() === 200) result.encodings.add(encoding);
        if (/\.m?js(\?|$)/.test(response.url())) {
          result.js += decoded;
          result.jsFiles += 1;
        }
        result.files.push({
          url: new URL(response.url()).pathname,
          wire: Math.max(0, sizes.responseBodySize),
          decoded,
          encoding,
          cache: headers['cache-control'] ?? '',
        });
      }
      return result;
    };
    const first = await load();
    // A second visit in the same browser: what the cache headers let it skip.
    const repeat = await load();
    return { first, repeat };
  } finally {
    await context.close();
  }
}

async function throwawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-web-pg-'));
    const embedded: EmbeddedDatabase = await startEmbeddedPostgres(dir, createLogger('silent'));
    return {
      url: embedded.url,
      drop: async () => {
        await embedded.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `hms_bench_web_${randomBytes(4).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}/index.html is missing: run npm run build first`);
  }
  const machine = machineLine();
  const database = await throwawayDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-web-'));
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret' }),
    databaseUrl: database.url,
  };
  const built = await buildApp(config, { log: createLogger('silent'), webDir: WEB_DIST });
  let browser: Browser | undefined;
  try {
    await built.app.listen({ host: '127.0.0.1', port: 0 });
    // Every request that reaches the server, to tell them from answers out of the browser's cache.
    const hits: string[] = [];
    built.app.server.on('request', (req) => hits.push((req.url ?? '/').split('?')[0]!));
    const address = built.app.server.address();
    if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    browser = await launchBrowser();

    const rows: Row[] = [];
    const details: string[] = [];
    const loads: { first: Load; repeat: Load }[] = [];
    for (const target of PAGES) {
      const result = await measure(browser, baseUrl, target.path, hits);
      loads.push(result);
      const { first, repeat } = result;
      rows.push({
        measure: `${target.name}: first load over the wire`,
        result: kb(first.wire),
        detail: `${first.requests} responses; encodings served: ${[...first.encodings].join(', ')}`,
      });
      rows.push({
        measure: `${target.name}: JavaScript, uncompressed`,
        result: kb(first.js),
        detail: `${first.jsFiles} files`,
      });
      rows.push({
        measure: `${target.name}: second visit, same browser`,
        result: `${repeat.served.length} ${repeat.served.length === 1 ? 'request' : 'requests'} to the server`,
        detail: `${kb(repeat.wire)} over the wire: ${describeRepeat(repeat)}`,
      });
      details.push(
        `**${target.name}**, first load:`,
        '',
        '| File | Over the wire | Uncompressed | Encoding | Cache-Control |',
        '| --- | --- | --- | --- | --- |',
        ...first.files.map((f) => `| ${f.url} | ${kb(f.wire)} | ${kb(f.decoded)} | ${f.encoding} | ${f.cache} |`),
        '',
      );
    }
    for (const [name, before] of [
      ['Landing page', BEFORE.landing],
      ['Admin sign-in', BEFORE.login],
    ] as const) {
      const now = name === 'Landing page' ? loads[0] : loads[1];
      rows.push({
        measure: `${name} before issue 15 (${BEFORE.commit}): first load over the wire`,
        result: kb(before.wire),
        detail: `${before.requests} responses, all uncompressed; JavaScript ${kb(before.js)} in ${before.jsFiles} files${now ? `; now ${((now.first.wire / before.wire) * 100).toFixed(0)}% of the bytes` : ''}`,
      });
      rows.push({
        measure: `${name} before issue 15 (${BEFORE.commit}): second visit`,
        result: `${before.repeatRequests} requests to the server`,
        detail: 'every file revalidated (`max-age=0`), 0 KiB of bodies',
      });
    }

    const markdown = [
      '## Web delivery (`npm run bench:web`)',
      '',
      machine,
      '- Chromium (headless, playwright-core) at a 375 × 740 viewport against the real server on loopback,',
      '  serving `dist/web` as built by `npm run build`; no network throttling; service workers blocked (the',
      "  app's worker precaches the whole build after a first visit; this measures the page and HTTP caching).",
      '',
      table(rows),
      '',
      '## What is measured',
      '',
      '- **First load over the wire**: a fresh browser context loads the page and waits for the network to',
      '  go idle; the encoded body bytes of every response (HTML, JavaScript, CSS, icon) are summed, as',
      '  served (compressed when the server sent a compressed file). Headers are not counted.',
      '- **JavaScript, uncompressed**: the decoded size of every script of that load: what the phone parses.',
      '- **Second visit**: the same page again in the same context: assets with a long `immutable` cache',
      '  lifetime are not requested at all.',
      '',
      ...details,
    ].join('\n');
    console.log(markdown);
    const file = await writeSection('web', markdown);
    console.log(`\nWritten to ${file}`);
  } finally {
    await browser?.close();
    await built.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
