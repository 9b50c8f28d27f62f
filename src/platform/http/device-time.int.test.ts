import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';

/** Issue 33 §3: a device time far in the past (0001, 1970, older than the window) is refused with a clear 400. */
describe('X-Device-Time bounds', () => {
  let t: TestApp;
  let a: Onboarded;
  const send = (deviceTime: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: token ? '/api/auth/me' : '/api/health',
      headers: {
        'content-type': 'application/json',
        'x-device-id': 'tablet-1',
        'x-device-time': deviceTime,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const window = 'Device time must be within the last 7 days; work kept offline longer cannot be sent';

  beforeAll(async () => {
    t = await sharedTestApp();
    a = await onboardHospital(t);
  });
  afterAll(async () => t?.close());

  it.each(['0001-01-01T00:00:00Z', '1970-01-01T00:00:00Z', daysAgo(7.1)])('refuses %s', async (time) => {
    for (const token of [undefined, a.token]) {
      const res = await send(time, token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: window,
        errors: [{ field: 'X-Device-Time', message: window }],
      });
    }
  });

  it('accepts work done offline within the window where no hospital is known', async () => {
    expect((await send(daysAgo(6.9))).statusCode).toBe(200);
  });

  it('refuses a time inside the window but before the caller’s hospital was registered', async () => {
    const { rows } = await t.platform.pool.query<{ registered_at: Date }>(
      'select registered_at from hospitals where hospital_id = $1',
      [a.hospital.id],
    );
    const registeredAt = rows[0]!.registered_at;
    const res = await send(daysAgo(1), a.token);
    expect(res.statusCode).toBe(400);
    const message = `Device time must not be before the hospital was registered (${registeredAt.toISOString()}); check the device's clock`;
    expect(res.json()).toEqual({ success: false, message, errors: [{ field: 'X-Device-Time', message }] });
  });

  it('accepts a clock up to an hour slow in the hospital’s first hour (work queued offline is not refused forever)', async () => {
    const { rows } = await t.platform.pool.query<{ registered_at: Date }>(
      'select registered_at from hospitals where hospital_id = $1',
      [a.hospital.id],
    );
    const slow = new Date(rows[0]!.registered_at.getTime() - 50 * 60_000).toISOString();
    expect((await send(slow, a.token)).statusCode).toBe(200);
    const tooSlow = new Date(rows[0]!.registered_at.getTime() - 70 * 60_000).toISOString();
    expect((await send(tooSlow, a.token)).statusCode).toBe(400);
  });

  it('accepts a time after the hospital was registered', async () => {
    const res = await send(new Date().toISOString(), a.token);
    expect(res.statusCode).toBe(200);
  });
});
