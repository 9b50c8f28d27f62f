import os from 'node:os';
import type { Page } from 'playwright-core';
import { ms, percentile } from './report';
import { contentShown, DEFAULT_CONTENT, type Screen, type ScreenRole } from './screens-list';

/**
 * One load of a screen: the time until its content is shown, and on the loads that count them,
 * the requests it made until the network was idle, and those it made more than once.
 */
export type Load = { ms: number; counted: boolean; requests: number; api: number; twice: string[] };

export type Phase = {
  loads: Map<Screen, Load[]>;
  /** 1-minute load averages: at the start, the highest seen after each screen, at the end. */
  load: { start: number; max: number; end: number };
  seconds: number;
  /** Mean wall time of a load, blank page included: timed only, and with its requests counted. */
  wall: { timed: number; counted: number };
};

const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);

/**
 * `screen` opened from its address in a page already signed in. Each load starts from a blank
 * page, so nothing of the previous screen (a request still under way) is counted or timed; the
 * browser's cache keeps the build, as on a working day. `count`: after the content, wait until
 * the network is idle and count the requests (which a second fetch of the same list would show).
 */
async function open(page: Page, screen: Screen, count: boolean): Promise<Load> {
  await page.goto('about:blank');
  const requests: string[] = [];
  const onRequest = (r: { method(): string; url(): string }) => requests.push(`${r.method()} ${r.url()}`);
  if (count) page.on('request', onRequest);
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
    if (!count) return { ms: shown, counted: false, requests: 0, api: 0, twice: [] };
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
    const api = requests.filter((r) => new URL(r.slice(r.indexOf(' ') + 1)).pathname.startsWith('/api/'));
    const seen = new Map<string, number>();
    for (const r of api) {
      const u = new URL(r.slice(r.indexOf(' ') + 1));
      const key = `${r.slice(0, r.indexOf(' '))} ${u.pathname}${u.search}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    const twice = [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
    return { ms: shown, counted: true, requests: requests.length, api: api.length, twice };
  } finally {
    if (count) page.off('request', onRequest);
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
        return { ms: Infinity, counted: count, requests: 0, api: 0, twice: count ? ['(content never shown)'] : [] };
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
    step(
      `  ${screen.name}: p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}${twice.length ? `; twice: ${twice.join(', ')}` : ''}`,
    );
  }
  load.end = one();
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length / 1000 : 0);
  const wall = { timed: mean(walls.timed), counted: mean(walls.counted) };
  return { loads, load, seconds: (performance.now() - started) / 1000, wall };
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
