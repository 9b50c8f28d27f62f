/**
 * Registers the app's service worker (/sw.js, built from service-worker.ts) in the built app, so the
 * app opens with no connection once it has been opened. Not in development: Vite serves modules
 * there, and a worker keeping them would hide edits.
 */
export function registerServiceWorker(
  nav: Pick<Navigator, 'serviceWorker'> | undefined = globalThis.navigator,
  production = import.meta.env.PROD,
): Promise<ServiceWorkerRegistration | null> {
  if (!production || !nav || !('serviceWorker' in nav)) return Promise.resolve(null);
  // A failure (a browser that refuses workers, private mode) leaves the app working online as before.
  return nav.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => null);
}
