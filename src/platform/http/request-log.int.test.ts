import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { LiveSocket, wsBase } from '../../../test/helpers/live-socket';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient } from '../../../test/helpers/patients-api';
import { createLogger } from '../logger';

/** What the request log keeps of a URL: the route and the query's parameter names, never their values. */
describe('the request log', () => {
  const lines: string[] = [];
  let t: TestApp;
  let a: Onboarded;
  beforeAll(async () => {
    t = await startTestApp({ log: createLogger('info', { write: (line: string) => void lines.push(line) }) });
    a = await onboardHospital(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const logged = (url: string) =>
    lines.map((l) => JSON.parse(l) as { req?: { url?: string; route?: string } }).filter((l) => l.req?.url === url);

  it('logs a patient search by route and parameter names, without the search term', async () => {
    const term = 'Zainab7Qx';
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/patients?search=${term}&limit=5`,
      headers: asClient(a.token),
    });
    expect(res.statusCode).toBe(200);
    expect(lines.join('\n')).not.toContain(term);
    expect(logged('/api/patients?search&limit')).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ route: '/api/patients', method: 'GET' }) }),
    ]);
  });

  it('logs a /ws connection by route and parameter name, without the token', async () => {
    const socket = await LiveSocket.connect(wsBase(t.app), a.token);
    socket.ws.close();
    await socket.closed;
    const all = lines.join('\n');
    expect(all).not.toContain(a.token);
    expect(all).not.toContain(encodeURIComponent(a.token));
    expect(all).not.toContain(a.token.split('.')[2]!);
    expect(logged('/ws?token')).toEqual([expect.objectContaining({ req: expect.objectContaining({ route: '/ws' }) })]);
  });
});
