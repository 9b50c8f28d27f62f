import os from 'node:os';
import type { Page, Request, WebSocket } from 'playwright-core';
import { ms, percentile } from './report';
import { contentShown, DEFAULT_CONTENT, errorShown, type Screen, type ScreenRole } from './screens-list';

/**
 * One load of a screen: the time until its content is shown, and on the loads that count them,
 * the requests it made until the network was idle, those it made more than once (`twice`), and
 * those it made again only after a live push reached the page (`refreshed`: a dashboard that
 * follows the day's work, not a second request of its load).
 */
export type Load = {
  ms: number;
  counted: boolean;
  requests: number;
  api: number;
  twice: string[];
  refreshed: string[];
};

export type Phase = {
  loads: Map<Screen, Load[]>;
  /** 1-minute load averages: at the start, the highest seen after each screen, at the end. */
  load: { start: number; max: number; end: number };
  seconds: number;
  /** Mean wall time of a load, blank page included: timed only, and with its requests counted. */
  wall: { timed: number; counted: number };
};

const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);
/** The socket's own messages (src/platform/realtime/hub.ts); any other is a push of the day's work. */
const CONTROL = new Set(['connection', 'pong', 'subscribed', 'unsubscribed', 'error']);

function isPush(payload: string | Buffer): boolean {
  try {
    return !CONTROL.has((JSON.parse(payload.toString()) as { type?: string }).type ?? '');
  } catch {
    return false;
  }
}

/**
 * `screen` opened from its address in a page already signed in. Each load starts from a blank
 * page, so nothing of the previous screen (a request still under way) is counted or timed; the
 * browser's cache keeps the build, as on a working day. `count`: after the content, wait until
 * the network is idle and count the requests (which a second fetch of the same list would show).
 */
async function open(page: Page, screen: Screen, count: boolean): Promise<Load> {
  await page.goto('about:blank');
  const requests: { at: number; key: string; api: boolean }[] = [];
  const pushes: number[] = [];
  const onRequest = (r: Request) => {
    const u = new URL(r.url());
    requests.push({
      at: performance.now(),
      key: `${r.method()} ${u.pathname}${u.search}`,
      api: u.pathname.startsWith('/api/'),
    });
  };
  const onSocket = (ws: WebSocket) =>
    ws.on('framereceived', (f) => {
      if (isPush(f.payload)) pushes.push(performance.now());
    });
  if (count) {
    page.on('request', onRequest);
    page.on('websocket', onSocket);
  }
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
    // An error state is not the screen's content: a load that shows one failed (Infinity in the figures).
    const failed = await page.evaluate(errorShown);
    if (failed) throw new Error(`${screen.path}: shows an error: ${failed}`);
    if (!count) return { ms: shown, counted: false, requests: 0, api: 0, twice: [], refreshed: [] };
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    const api = requests.filter((r) => r.api);
    const times = new Map<string, number[]>();
    for (const r of api) times.set(r.key, [...(times.get(r.key) ?? []), r.at]);
    const twice: string[] = [];
    const refreshed: string[] = [];
    for (const [key, at] of times) {
      if (at.length < 2) continue;
      // Asked again only after a push came in: each repeat has a push between it and the ask before.
      const afterPush = at.slice(1).every((t, i) => pushes.some((p) => p > at[i]! && p < t));
      (afterPush ? refreshed : twice).push(`${key} ×${at.length}`);
    }
    return { ms: shown, counted: true, requests: requests.length, api: api.length, twice, refreshed };
  } finally {
    if (count) {
      page.off('request', onRequest);
      page.off('websocket', onSocket);
    }
  }
}

/** A role's page, and how it signs in again when the server has ended its session (idle for too long). */
export type Signed = { page: Page; signInAgain: () => Promise<void> };

/**
 * Every screen `runs` times, screen after screen, after one warm-up load (which signs the role in
 * again if its session has ended); the first `countRuns` loads of each also count its requests
 * (waiting for the network to go idle costs about a second a load, so the others are timed only).
 */
export async function measurePhase(
  pages: Map<ScreenRole, Signed>,
  screens: Screen[],
  o: { runs: number; countRuns: number },
): Promise<Phase> {
  const { runs, countRuns } = o;
  const started = performance.now();
  const one = () => os.loadavg()[0]!;
  const load = { start: one(), max: one(), end: 0 };
  const loads = new Map<Screen, Load[]>();
  // Wall time of each load (ms), for the estimate of a longer run.
  const walls = { timed: [] as number[], counted: [] as number[] };
  for (const screen of screens) {
    const { page, signInAgain } = pages.get(screen.role)!;
    const once = async (count: boolean) => {
      const t0 = performance.now();
      const l = await open(page, screen, count).catch((e: Error): Load => {
        step(`  ${e.message}`);
        const twice = count ? ['(content never shown)'] : [];
        return { ms: Infinity, counted: count, requests: 0, api: 0, twice, refreshed: [] };
      });
      walls[count ? 'counted' : 'timed'].push(performance.now() - t0);
      return l;
    };
    const warm = await once(false);
    if (warm.ms === Infinity && new URL(page.url()).pathname.endsWith('/login')) {
      step(`  ${screen.role}: signed out (session ended), signing in again`);
      await signInAgain();
      await once(false);
    }
    const mine: Load[] = [];
    for (let i = 0; i < runs; i++) mine.push(await once(i < countRuns));
    loads.set(screen, mine);
    // Parked on a blank page: a signed-in screen left open would poll the server while the other
    // roles' screens are measured, and its idle time-out would sign it out before its next turn.
    await page.goto('about:blank');
    load.max = Math.max(load.max, one());
    const sorted = mine.map((l) => l.ms).sort((a, b) => a - b);
    const twice = [...new Set(mine.flatMap((l) => l.twice))];
    const again = [...new Set(mine.flatMap((l) => l.refreshed))];
    step(
      `  ${screen.name}: p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}${twice.length ? `; twice: ${twice.join(', ')}` : ''}${again.length ? `; again after a push: ${again.join(', ')}` : ''}`,
    );
  }
  load.end = one();
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length / 1000 : 0);
  const wall = { timed: mean(walls.timed), counted: mean(walls.counted) };
  return { loads, load, seconds: (performance.now() - started) / 1000, wall };
}

/**
 * Every screen opened `rounds` times in turn before anything is timed, so the first screens measured
 * do not pay for a server that has just started: the server's code not yet optimised by V8 and
 * PostgreSQL's caches empty made each API answer 140–190 ms on the first loads against 20–50 ms
 * from the fourth on (the Admin Dashboard, measured first, had its two slowest of 20 loads so).
 * A hospital's server runs all day; the first loads after a start are kept apart, not hidden:
 * each screen's first load is returned, and the report gives their figures.
 */
export async function warmUp(
  pages: Map<ScreenRole, Signed>,
  screens: Screen[],
  rounds: number,
): Promise<Map<Screen, number>> {
  const first = new Map<Screen, number>();
  for (let round = 0; round < rounds; round++) {
    for (const screen of screens) {
      const { page, signInAgain } = pages.get(screen.role)!;
      const load = await open(page, screen, false).catch((): Load | null => null);
      if (!load && new URL(page.url()).pathname.endsWith('/login')) await signInAgain();
      if (round === 0) first.set(screen, load?.ms ?? Infinity);
      await page.goto('about:blank');
    }
  }
  return first;
}

/** p50 and p95 of the loads' times. */
export function stat(loads: Load[]) {
  const sorted = loads.map((l) => l.ms).sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}

/** The median of `n` runs after 5 warm-ups: the baselines' figure. */
export async function median(run: () => Promise<unknown>, n = 50): Promise<number> {
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
