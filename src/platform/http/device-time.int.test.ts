import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';

/** Issue 33 §3: a device time far in the past (0001, 1970, older than the window) is refused with a clear 400. */
describe('X-Device-Time bounds', () => {
  let t: TestApp;
  const send = (deviceTime: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'content-type': 'application/json', 'x-device-id': 'tablet-1', 'x-device-time': deviceTime },
    });
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it.each(['0001-01-01T00:00:00Z', '1970-01-01T00:00:00Z', daysAgo(7.1)])('refuses %s', async (time) => {
    const res = await send(time);
    expect(res.statusCode).toBe(400);
    const message = 'Device time must be within the last 7 days; work kept offline longer cannot be sent';
    expect(res.json()).toEqual({ success: false, message, errors: [{ field: 'X-Device-Time', message }] });
  });

  it('accepts work done offline within the window', async () => {
    expect((await send(daysAgo(6.9))).statusCode).toBe(200);
  });
});
