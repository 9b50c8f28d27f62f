import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { TestClock } from '../../helpers/clock';
import { openPage, sharedOrOwnBrowser, type OpenedPage } from './browser';
import { startBrowserServer, type BrowserServer } from './server';

export type BrowserSuite = {
  /** The real server of this test file (available once its beforeAll has run). */
  readonly server: BrowserServer;
  /** A fresh browser context and page on the server, closed after the file. */
  open: (
    viewport?: { width: number; height: number },
    options?: { serviceWorkers?: 'allow' | 'block'; reducedMotion?: 'reduce' },
  ) => Promise<OpenedPage>;
};

/**
 * Starts the real server for one test file and connects to the run's shared Chromium; after the file
 * it closes every page and context it opened, disconnects, and stops the server. With `clock`, the
 * server's appointment book and every page opened run on it (see test/helpers/booking-clock.ts).
 */
export function browserSuite(options: { clock?: TestClock } = {}): BrowserSuite {
  let server: BrowserServer | undefined;
  let browser: Browser | undefined;
  const opened: OpenedPage[] = [];

  beforeAll(async () => {
    server = await startBrowserServer({ appointmentsClock: options.clock });
    browser = await sharedOrOwnBrowser(inject('chromiumWsEndpoint'));
  });

  // A failed test says what the server refused while it ran, and leaves a picture of each page it
  // had open: a step that timed out waiting for the screen is then explained by what the screen was
  // given (an error answer, a list that came back empty) instead of by guesses.
  const refused: string[] = [];
  afterEach(async ({ task }) => {
    const failed = task.result?.state === 'fail';
    if (failed && refused.length)
      console.error(`${task.name}: the server's answers of 400 and above:\n${refused.join('\n')}`);
    if (failed) {
      const dir = path.join(os.tmpdir(), 'hms-browser-failures');
      mkdirSync(dir, { recursive: true });
      const stem = `${path.basename(task.file?.name ?? 'test', '.test.ts')}-${Date.now()}`;
      const pages = opened.flatMap((o) => o.context.pages()).filter((p) => !p.isClosed());
      const shots = await Promise.all(
        pages.map((p, i) =>
          p
            .screenshot({ path: path.join(dir, `${stem}-${i}.png`), fullPage: true, timeout: 10_000 })
            .then(() => `${p.url()} → ${path.join(dir, `${stem}-${i}.png`)}`)
            .catch(() => `${p.url()} (no picture)`),
        ),
      );
      if (shots.length) console.error(`${task.name}: the pages it had open:\n${shots.join('\n')}`);
    }
    refused.length = 0;
  });

  afterAll(async () => {
    await Promise.all(opened.map((o) => o.context.close()));
    await browser?.close();
    await server?.close();
  });

  const started = () => {
    if (!server || !browser)
      throw new Error('the browser suite has not started: call browserSuite() at the top of the file');
    return { server, browser };
  };

  return {
    get server() {
      return started().server;
    },
    open: async (viewport, pageOptions) => {
      const { server: s, browser: b } = started();
      const o = await openPage(b, s.baseUrl, viewport, { ...pageOptions, clock: options.clock });
      const openedAt = Date.now();
      o.context.on('response', (r) => {
        const url = new URL(r.url());
        if (r.status() >= 400 && url.pathname.startsWith('/api/'))
          refused.push(
            `  +${((Date.now() - openedAt) / 1000).toFixed(1)} s ${r.request().method()} ${url.pathname} ${r.status()}`,
          );
      });
      opened.push(o);
      return o;
    },
  };
}
