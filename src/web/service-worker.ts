/**
 * The web app's service worker (issue 25, "install and load offline"): it keeps this build's files
 * so the app opens with no connection once it has been opened, and leaves every API and socket call
 * to the network. Built by vite.config.ts as /sw.js, which writes this build's file list and version
 * in place of PRECACHE below: a new build is a new worker with its own cache, and the old cache goes
 * when the new worker takes over. It imports and exports nothing, so it runs as a classic script.
 *
 * Pages (navigations) go to the network first, so the server's page with its fresh CSP nonce is used
 * whenever it answers; offline, the page kept at install time opens and the app routes from there.
 * Hashed build files are served from the cache first: their names change with their content.
 */

type Precache = { version: string; files: string[] };
declare const PRECACHE: Precache;

type ExtendableEvent = Event & { waitUntil(work: Promise<unknown>): void };
/** The static routing API (Chromium 123+): requests a rule matches never start this script. */
type RouterRule = { condition: { urlPattern: unknown }; source: 'cache' };
type InstallEvent = ExtendableEvent & { addRoutes?(rules: RouterRule[]): Promise<void> };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(answer: Promise<Response>): void };
type WorkerScope = {
  addEventListener(type: 'install', listener: (event: InstallEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  location: Location;
};

const scope = self as unknown as WorkerScope;
const CACHE_PREFIX = 'hms-app-';
const cacheName = `${CACHE_PREFIX}${PRECACHE.version}`;
/** The page every app path opens offline (the server sends the same index.html for all of them). */
const APP_PAGE = '/';

/**
 * Where the browser supports it, this build's hashed files come from the cache without this script:
 * every fetch event starts the worker and waits on its one thread, and a screen's first load asks for
 * some ninety files at once (bench:screens). The fetch handler below does the same for browsers
 * without the routes. The server's calls still pass the handler (which leaves them to the network):
 * routed past it, they also went past the browser's offline emulation and request interception, so
 * the offline tests' "no connection" let a queued registration through (a CI rehearsal saw it).
 */
function staticRoutes(event: InstallEvent): Promise<void> {
  const Pattern = (self as unknown as { URLPattern?: new (init: { pathname: string }) => unknown }).URLPattern;
  if (!event.addRoutes || !Pattern) return Promise.resolve();
  const rules: RouterRule[] = [{ condition: { urlPattern: new Pattern({ pathname: '/assets/*' }) }, source: 'cache' }];
  // A browser that refuses a rule still gets the fetch handler: never a failed install for it.
  return event.addRoutes(rules).catch(() => undefined);
}

scope.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(cacheName).then((cache) => cache.addAll([APP_PAGE, ...PRECACHE.files.map((f) => `/${f}`)])),
      staticRoutes(event),
    ]),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((n) => n.startsWith(CACHE_PREFIX) && n !== cacheName).map((n) => caches.delete(n))),
      ),
  );
});

const isServerCall = (path: string) => path === '/api' || path.startsWith('/api/') || path.startsWith('/ws');

scope.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== scope.location.origin || isServerCall(url.pathname)) return;
  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request).catch(async () => (await caches.match(APP_PAGE, { cacheName })) ?? Response.error()),
    );
    return;
  }
  event.respondWith(caches.match(request, { cacheName, ignoreSearch: true }).then((kept) => kept ?? fetch(request)));
});
