import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer, HTML and API alike: a Content-Security-Policy that fits the
 * built app (its own scripts and styles only, no inline script, sockets to this origin), nosniff,
 * no framing, no referrer, and HSTS when the public address is https. The OpenAPI page at
 * /api/docs sends its own, looser policy (see http-app.ts).
 */
export function appContentSecurityPolicy(https: boolean) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      // React sets element styles through the CSSOM, which CSP does not restrict; stylesheets are ours.
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
  };
}

export async function securityHeaders(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const https = options.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: appContentSecurityPolicy(https),
    // A fresh nonce per response for the <style> elements react-aria adds (see serveIndexHtml).
    enableCSPNonces: true,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The app loads nothing cross-origin; these would only get in the way of the OpenAPI page.
    crossOriginEmbedderPolicy: false,
  });
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
