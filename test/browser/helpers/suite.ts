import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
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
      opened.push(o);
      return o;
    },
  };
}
