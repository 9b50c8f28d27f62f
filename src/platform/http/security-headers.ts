import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Security headers on every answer, HTML and API alike: a Content-Security-Policy that fits the
 * built app (its own scripts and styles only, no inline script, sockets to this origin), nosniff,
 * no framing, no referrer, and HSTS when the public address is https. The headers are computed
 * once at start-up (helmet's defaults, written out) and set with one call per request; only the
 * HTML pages get a per-response nonce (see `nonceFor`). The OpenAPI page at /api/docs sends its
 * own, looser policy (see http-app.ts). API answers are not cached (`isUncachedApi`).
 */
export function contentSecurityPolicy(https: boolean, styleNonce?: string): string {
  const directives: [string, string][] = [
    ['default-src', "'self'"],
    ['base-uri', "'self'"],
    ['script-src', "'self'"],
    ['script-src-attr', "'none'"],
    // React sets element styles through the CSSOM, which CSP does not restrict; stylesheets are
    // ours, and the few <style> elements react-aria and react-toastify add carry the page's nonce.
    ['style-src', styleNonce ? `'self' 'nonce-${styleNonce}'` : "'self'"],
    ['img-src', "'self' data:"],
    ['font-src', "'self' data:"],
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
  ];
  const policy = directives.map(([k, v]) => `${k} ${v}`).join('; ');
  return https ? `${policy}; upgrade-insecure-requests` : policy;
}

function staticHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(https),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * API answers carry patient data (and errors name records): no browser or shared cache may keep
 * them. Every /api answer is `no-store` unless its route set its own; the OpenAPI page keeps its
 * own caching, and the web build's files are not under /api.
 */
function isUncachedApi(url: string): boolean {
  const pathname = url.split('?', 1)[0]!;
  const api = pathname === '/api' || pathname.startsWith('/api/');
  return api && pathname !== '/api/docs' && !pathname.startsWith('/api/docs/');
}

export async function securityHeaders(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const https = options.publicUrl.startsWith('https://');
  const headers = staticHeaders(https);
  app.decorateReply('servedOverHttps', https);
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // onSend, so error answers and the 404 of an unknown route get it as well as the routes' own.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && isUncachedApi(request.url)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** A fresh nonce for an HTML page, set in this response's policy; the page carries it (meta csp-nonce). */
export function nonceFor(reply: FastifyReply): string {
  const nonce = randomBytes(16).toString('hex');
  const https = (reply as unknown as { servedOverHttps?: boolean }).servedOverHttps ?? false;
  void reply.header('content-security-policy', contentSecurityPolicy(https, nonce));
  return nonce;
}

/** The nonce placeholder of src/web/index.html. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** index.html with this response's style nonce, where react-aria reads it (meta csp-nonce). */
export function withNonce(html: string, nonce: string | undefined): string {
  return html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce ?? '');
}

/** The OpenAPI page's own policy: its bundled scripts and styles by hash, never an upgrade on plain http. */
export function docsPolicy(header: string, https: boolean): string {
  const withoutUpgrade = header.replace(/upgrade-insecure-requests;?\s*/g, '');
  return `${https ? header : withoutUpgrade}`.replace(/frame-ancestors 'self'/, "frame-ancestors 'none'").trim();
}
