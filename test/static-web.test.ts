import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../src/platform/http/security-headers';
import { serveWeb } from '../src/platform/http/static-web';

/**
 * The web delivery of a build as `npm run build` writes it: hashed assets with .br and .gz beside
 * them, index.html, a favicon. No database needed: only the static serving is under test.
 */
const SCRIPT = `export const hello = ${JSON.stringify('hello '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /><title>HMS</title></head><body>${'<p>page</p>'.repeat(200)}</body></html>`;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'hms-static-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, content: string) => {
    writeFileSync(path.join(dir, name), content);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(content));
  };
  write('assets/index-AbC123.js', SCRIPT);
  write('index.html', PAGE);
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('sw.js', `var PRECACHE = {"version":"1","files":[]};\n${SCRIPT}`);
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'HMS', start_url: '/' }));
  mkdirSync(path.join(dir, 'icons'));
  writeFileSync(path.join(dir, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  app = Fastify();
  await securityHeaders(app, { publicUrl: 'http://localhost:5000' });
  await serveWeb(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('Web delivery', () => {
  it('sends hashed assets brotli-compressed to browsers that accept it, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await get('/assets/index-AbC123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers page paths with index.html carrying a fresh nonce, never cached without a check', async () => {
    const nonces = new Set<string>();
    for (const url of ['/', '/admin/login', '/admin/users?page=2']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const nonce = /name="csp-nonce" content="([0-9a-f]+)"/.exec(res.body)?.[1];
      expect(nonce).toBeDefined();
      expect(String(res.headers['content-security-policy'])).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(3);
    // Never as a plain file, which would carry the placeholder instead of a nonce.
    expect((await get('/index.html')).body).not.toContain('__CSP_NONCE__');
  });

  it('serves the favicon, and answers a missing file or API route with the 404 envelope', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
    const missing = await get('/assets/gone-Zz9.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, message: 'Not found' });
    const api = await get('/api/nothing');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ success: false, message: 'Route GET /api/nothing not found' });
  });

  it('checks the service worker and the app manifest with the server on every load, so a new build reaches installed apps', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const worker = await get('/sw.js', encoding);
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
    }
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const icon = await get('/icons/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=86400');
  });
});
