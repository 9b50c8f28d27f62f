import type { Page } from 'playwright-core';
import { asClient } from '../../helpers/patients-api';
import type { BrowserSuite } from './suite';

export const OFFLINE_BANNER = 'Offline — changes are saved on this device and sent when the connection returns';
export const SAVED_ON_DEVICE = 'Saved on this device — it will be sent when the connection returns';

/** The banner every signed-in page shows while offline, with its count of pending changes. */
export const offlineBanner = (page: Page) => page.getByRole('alert').filter({ hasText: OFFLINE_BANNER });

/**
 * Waits for the service worker to keep this build, then reloads so the page is under its control:
 * from then on every screen's code loads with no connection (issue 25).
 */
export async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A GET on the API as the spec's client, from the test (never through the browser). */
export async function apiGet<T>(suite: BrowserSuite, token: string, url: string): Promise<T> {
  const answer = await suite.server.testApp.app.inject({ method: 'GET', url, headers: asClient(token) });
  if (answer.statusCode !== 200) throw new Error(`GET ${url}: ${answer.statusCode} ${answer.body}`);
  return answer.json().data as T;
}
