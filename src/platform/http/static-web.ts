import { readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { RouteContract } from './route-contract';
import { envelope } from './error-handler';
import { nonceFor, withNonce } from './security-headers';

/** Build output under /assets/ has a content hash in its name: a new build means a new URL. */
export const ASSETS_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current assets, so it is checked with the server on every load. */
export const PAGE_CACHE = 'no-cache';
/**
 * The service worker and the web app manifest name the current build: checked on every load, like
 * index.html, so a new build reaches installed apps.
 */
const APP_FILES = new Set(['sw.js', 'manifest.webmanifest']);
/** Other files of the build (the favicon, the icons): not hashed, rarely changed. */
export const OTHER_CACHE = 'public, max-age=86400';

/**
 * The built web app: files from `webDir` (the .br and .gz files written beside them at build time
 * are sent to browsers that accept them), index.html for every other page path (the app routes in
 * the browser), and the JSON 404 envelope for unknown API routes and missing files.
 */
export async function serveWeb(
  app: FastifyInstance,
  webDir: string | undefined,
  contract?: RouteContract,
): Promise<void> {
  // Sent with this response's CSP nonce in it (see security-headers.ts), so never as a plain file.
  const indexHtml = webDir ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';
  if (webDir) {
    const assetsDir = path.join(webDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/index.html'),
      // Set per file below; @fastify/static's own would be `public, max-age=0` for everything.
      cacheControl: false,
      setHeaders(res, filePath) {
        const file = path.relative(webDir, filePath).replace(/\.(br|gz)$/, '');
        const cache = filePath.startsWith(assetsDir)
          ? ASSETS_CACHE
          : file === 'index.html' || APP_FILES.has(file)
            ? PAGE_CACHE
            : OTHER_CACHE;
        res.setHeader('cache-control', cache);
        // The same URL may be sent brotli, gzip or plain: caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/') || url === '/ws' || url.startsWith('/ws/');
    if (!isApi && webDir && (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url)) {
      const nonce = nonceFor(reply);
      return reply
        .header('cache-control', PAGE_CACHE)
        .type('text/html; charset=utf-8')
        .send(withNonce(indexHtml, nonce));
    }
    const allowed = isApi ? (contract?.allowedMethods(url) ?? []) : [];
    if (allowed.length > 0) {
      // The path exists, the method does not: say which methods it has.
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(envelope(`Method ${request.method} is not allowed on ${url}`));
    }
    return reply.code(404).send(envelope(isApi ? `Route ${request.method} ${url} not found` : 'Not found'));
  });
}
