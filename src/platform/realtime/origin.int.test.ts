import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { wsBase } from '../../../test/helpers/live-socket';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';

/**
 * /ws checks a browser's Origin (issue 33 §3): a page of another site that holds a token cannot open the live
 * channel; the app's own pages (PUBLIC_URL, or the address they were served from) and clients that send no
 * Origin (servers, scripts) can.
 */
describe('the live channel and the Origin of the page opening it', () => {
  let t: TestApp;
  let a: Onboarded;
  const PUBLIC_URL = 'https://hms.example.ng';

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL } });
    a = await onboardHospital(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  /** The first thing the server says: the upgrade's HTTP status when refused, else the connection message. */
  const open = (headers: Record<string, string>) =>
    new Promise<{ status: number } | { type: string }>((resolve, reject) => {
      const ws = new WebSocket(`${wsBase(t.app)}/ws?token=${encodeURIComponent(a.token)}`, { headers });
      ws.once('unexpected-response', (_req, res) => {
        resolve({ status: res.statusCode ?? 0 });
        ws.terminate();
      });
      ws.once('message', (raw) => {
        resolve({ type: (JSON.parse(raw.toString()) as { type: string }).type });
        ws.close();
      });
      ws.once('error', (err) => reject(err));
    });

  it('refuses a page of another site, even with a valid token, before the upgrade', async () => {
    expect(await open({ origin: 'https://evil.example' })).toEqual({ status: 403 });
    expect(await open({ origin: 'null' })).toEqual({ status: 403 });
  });

  it('accepts the app’s own pages and clients that send no Origin', async () => {
    expect(await open({ origin: PUBLIC_URL })).toEqual({ type: 'connection' });
    expect(await open({})).toEqual({ type: 'connection' });
    // Served from the address it asked (the dev server's proxy keeps the page's Host).
    const port = (t.app.server.address() as { port: number }).port;
    expect(await open({ origin: `http://127.0.0.1:${port}` })).toEqual({ type: 'connection' });
  });
});
