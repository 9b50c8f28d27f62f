import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { hireAndSignIn } from '../../../test/helpers/staff-api';

/**
 * /api/health says up or down to anyone; the event store's head (every hospital's activity) and
 * the projections' lag only to the deployment's operator: a caller on the server's own machine, or one with the
 * OPERATOR_TOKEN. A hospital's administrator gets the status only (issue 33 §3).
 */
const OPERATOR = 'operator-token-operator-token-0123456789';

describe('GET /api/health', () => {
  let t: TestApp;
  let a: Onboarded;
  let nurse: string;

  beforeAll(async () => {
    // TRUST_PROXY is on (startTestApp): X-Forwarded-For decides request.ip, never "local".
    t = await startTestApp({ env: { OPERATOR_TOKEN: OPERATOR } });
    a = await onboardHospital(t);
    nurse = (await hireAndSignIn(t, a.token, 'nurse')).token;
  });
  afterAll(async () => t?.close());

  type Caller = { remoteAddress?: string; headers?: Record<string, string>; token?: string };
  const health = (options: Caller = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: options.remoteAddress,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
    });

  const detailed = (body: { data: Record<string, unknown> }) => {
    expect(body.data).toMatchObject({
      status: 'ok',
      database: 'up',
      eventStore: { adapter: 'postgres', status: 'up', head: expect.any(String) },
    });
    expect(Array.isArray(body.data.projections)).toBe(true);
  };

  it('answers an outside caller with the status only', async () => {
    const outsiders: Caller[] = [
      { remoteAddress: '203.0.113.7' },
      // A client cannot pass for local by naming a loopback address: the socket's address decides.
      { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
      // Relayed by a reverse proxy on this machine: the socket is loopback, the caller is not.
      { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } },
      { remoteAddress: '::1', headers: { forwarded: 'for=198.51.100.4' } },
    ];
    for (const caller of outsiders) {
      const res = await health(caller);
      expect(res.statusCode, JSON.stringify(caller)).toBe(200);
      expect(res.json(), JSON.stringify(caller)).toEqual({ success: true, data: { status: 'ok' } });
    }
  });

  it('answers a non-admin staff token, or a token that is not one, with the status only', async () => {
    for (const token of [nurse, 'not-a-token']) {
      const res = await health({ remoteAddress: '203.0.113.7', token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
    }
  });

  it("gives a hospital's administrator the status only: the head and the lag are every hospital's", async () => {
    const res = await health({ remoteAddress: '203.0.113.7', token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { status: 'ok' } });
  });

  it('gives the operator the details from anywhere with the operator token', async () => {
    const res = await health({ remoteAddress: '203.0.113.7', token: OPERATOR });
    expect(res.statusCode).toBe(200);
    detailed(res.json());
  });

  it('gives a caller on this machine the details without a token (the health checks and benchmarks)', async () => {
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await health({ remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
      detailed(res.json());
    }
  });
});
