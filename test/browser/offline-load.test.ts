import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './helpers/suite';

/**
 * Issue 25, "install and load offline": the built app is installable (manifest, icons, a service
 * worker) and, once opened, opens again with no connection, on any of its paths.
 */
const suite = browserSuite();

/** Waits until the service worker controls nothing yet but has installed this build (its cache is full). */
async function workerReady(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const names = await caches.keys();
    const appCaches = names.filter((n) => n.startsWith('hms-app-'));
    const kept = appCaches.length === 1 ? await (await caches.open(appCaches[0]!)).keys() : [];
    return {
      scope: registration.scope,
      script: registration.active?.scriptURL ?? null,
      caches: appCaches.length,
      kept: kept.map((r) => new URL(r.url).pathname),
    };
  });
}

describe('The web app offline', () => {
  it('is installable: a manifest with icons, and a service worker in control of the whole app', async () => {
    const { page, context } = await suite.open(undefined, { serviceWorkers: 'allow' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const ready = await workerReady(page);
    expect(ready.scope).toBe(`${suite.server.baseUrl}/`);
    expect(ready.script).toBe(`${suite.server.baseUrl}/sw.js`);

    const manifest = await page.evaluate(async () => {
      const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
      if (!href) return null;
      const body = (await (await fetch(href)).json()) as {
        start_url: string;
        display: string;
        icons: { src: string }[];
      };
      const icons = await Promise.all(body.icons.map(async (i) => (await fetch(i.src)).status));
      return { ...body, iconStatuses: icons };
    });
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(manifest!.iconStatuses.every((s) => s === 200)).toBe(true);

    // Chromium's own check, the one behind its Install button.
    const cdp = await context.newCDPSession(page);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  });

  it('opens the app again with no connection, on another of its paths, from what the first visit kept', async () => {
    const { page, context, pageErrors } = await suite.open(undefined, { serviceWorkers: 'allow' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const ready = await workerReady(page);
    // The page and every file of the build are kept, so any screen can load its code offline.
    expect(ready.caches).toBe(1);
    expect(ready.kept).toContain('/');
    expect(ready.kept).toContain('/manifest.webmanifest');
    expect(ready.kept.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(20);

    await context.setOffline(true);
    // Really offline: the server cannot be reached from the page.
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'reached',
          () => 'unreachable',
        ),
      ),
    ).toBe('unreachable');
    await page.goto('/user/login');
    await page.getByRole('heading', { name: 'Staff Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/login');
    expect(pageErrors).toEqual([]);
    await context.setOffline(false);
  });

  it("serves the build's files from its cache without starting the worker's script", async () => {
    const { page } = await suite.open(undefined, { serviceWorkers: 'allow' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await workerReady(page);
    // Controlled from this load on: the worker installed its routes with its cache.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const sources = await page.evaluate(async () => {
      await (await fetch('/api/health')).text();
      // The call's timing entry is added once its answer is read to the end.
      await new Promise((r) => setTimeout(r, 100));
      const entries = performance.getEntriesByType('resource') as (PerformanceResourceTiming & {
        workerMatchedSourceType?: string;
      })[];
      return entries.map((e) => ({ path: new URL(e.name).pathname, source: e.workerMatchedSourceType ?? null }));
    });
    const assets = sources.filter((s) => s.path.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(0);
    expect(
      assets.every((a) => a.source === 'cache'),
      JSON.stringify(assets),
    ).toBe(true);
    // The server's calls are not routed past the worker's handler (which leaves them to the network).
    const api = sources.find((s) => s.path === '/api/health');
    expect(api, JSON.stringify(sources)).toBeDefined();
    expect(api!.source).not.toBe('network');
  });
});
