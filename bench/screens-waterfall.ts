/**
 * Where a screen's time goes: `SCREENS_DATA_DIR=… SCREENS_ONLY=… npx tsx bench/screens-waterfall.ts`
 * on a hospital bench:screens seeded (run `npm run build` first). Opens each chosen screen
 * SCREENS_RUNS (10) times as bench:screens does, and prints, for its median load (or its slowest, with
 * SCREENS_LOAD=slowest), every request
 * with when it started and ended after the navigation began (the browser's Resource Timing), and
 * when the content was shown: the waterfall, and what of the time is not waiting on the network.
 */
import path from 'node:path';
import { createLogger } from '../src/platform/logger';
import { launchBrowser } from '../test/browser/helpers/browser';
import { ms } from './report';
import { openSeededHospital } from './screens-hospital';
import { DEFAULT_CONTENT, SCREENS } from './screens-list';
import { signIn } from './screens-login';

type Entry = { name: string; start: number; end: number; type: string; bytes: number };
/** A long task of the main thread, listed among the requests as `task`. */
const asEntry = (t: { start: number; end: number }): Entry => ({
  name: 'about:long-task',
  start: t.start,
  end: t.end,
  type: 'task',
  bytes: 0,
});

const env = process.env;
const RUNS = Number(env.SCREENS_RUNS ?? 10);
const ONLY = (env.SCREENS_ONLY ?? '')
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);

async function main() {
  if (!env.SCREENS_DATA_DIR) throw new Error('SCREENS_DATA_DIR: a hospital bench:screens seeded');
  const screens = SCREENS.filter((s) => !ONLY.length || ONLY.some((o) => s.name.toLowerCase().includes(o)));
  const hospital = await openSeededHospital(path.resolve(env.SCREENS_DATA_DIR), {
    patients: undefined,
    hire: 0,
    working: 0,
    log: createLogger('silent'),
  });
  const browser = await launchBrowser();
  try {
    const logins = new Map(hospital.manifest.logins);
    for (const screen of screens) {
      const page = await signIn(browser, hospital.server.url, logins.get(screen.role)!);
      const loads: { shown: number; entries: Entry[]; dcl: number }[] = [];
      for (let i = 0; i <= RUNS; i++) {
        await page.goto('about:blank');
        await page.goto(screen.path, { waitUntil: 'commit' });
        // contentShown (screens-list.ts), answering when: the page's CSP refuses a string to evaluate.
        const handle = await page.waitForFunction(
          (content) => {
            const main = document.querySelector('main');
            if (!main || main.querySelector('[aria-busy="true"]')) return false;
            for (const status of main.querySelectorAll('[role="status"]')) {
              if (/loading/i.test(status.textContent ?? '')) return false;
            }
            return main.querySelector(content) !== null ? performance.now() : false;
          },
          screen.content ?? DEFAULT_CONTENT,
          { timeout: 30_000, polling: 'raf' },
        );
        const shown = (await handle.jsonValue()) as number;
        // The main thread's long tasks (50 ms or more) up to now: the time the page spent working, not waiting.
        const longTasks = (await page.evaluate(
          () =>
            new Promise((resolve) => {
              const timer = setTimeout(() => resolve([]), 200);
              new PerformanceObserver((list, observer) => {
                clearTimeout(timer);
                observer.disconnect();
                resolve(list.getEntries().map((t) => ({ start: t.startTime, end: t.startTime + t.duration })));
              }).observe({ type: 'longtask', buffered: true });
            }),
        )) as { start: number; end: number }[];
        const { entries, dcl } = await page.evaluate(() => ({
          entries: performance.getEntriesByType('resource').map((e) => {
            const r = e as PerformanceResourceTiming;
            return {
              name: r.name,
              start: r.startTime,
              end: r.responseEnd,
              type: r.initiatorType,
              bytes: r.transferSize,
            };
          }),
          dcl: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
        }));
        if (i > 0) {
          const tasks = longTasks.filter((t) => t.start < shown);
          loads.push({ shown, entries: [...entries.filter((e) => e.start < shown), ...tasks.map(asEntry)], dcl });
        }
      }
      // In the order they were opened: slow loads at the start are a cold server, not the screen.
      const shownAll = loads.map((l) => l.shown);
      loads.sort((a, b) => a.shown - b.shown);
      // SCREENS_LOAD=slowest prints the slowest load's waterfall instead of the median one's.
      const mid = env.SCREENS_LOAD === 'slowest' ? loads[loads.length - 1]! : loads[Math.floor(loads.length / 2)]!;
      const busy = mid.entries.filter((e) => e.type === 'task').reduce((n, e) => n + e.end - e.start, 0);
      console.log(
        `\n${screen.name} (${screen.path}): shown ${shownAll.map((v) => v.toFixed(0)).join(' ')}; median load: DOMContentLoaded ${ms(mid.dcl)}, shown ${ms(mid.shown)}, long tasks ${ms(busy)}`,
      );
      for (const e of mid.entries.sort((a, b) => a.start - b.start)) {
        const u = new URL(e.name);
        console.log(
          `  ${e.start.toFixed(0).padStart(5)} → ${e.end.toFixed(0).padStart(5)} (${(e.end - e.start).toFixed(0).padStart(4)}) ${e.type.padEnd(6)} ${String(e.bytes).padStart(7)} ${u.pathname}${u.search}`,
        );
      }
      await page.context().close();
    }
  } finally {
    await browser.close();
    await hospital.server.stop();
    await hospital.embedded.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
