import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { LiveSocket, wsBase } from '../../../test/helpers/live-socket';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient, newPatient } from '../../../test/helpers/patients-api';
import { createLogger } from '../logger';

const OPERATOR_TOKEN = 'operator-token-operator-token-0123456789';
/** A request relayed by a proxy is not a local caller, whatever socket it came on. */
const REMOTE = { 'x-forwarded-for': '203.0.113.7' };

/** GET /metrics (issue 35 §6): the vital signs an operator scrapes, and nobody else. */
describe('GET /metrics', () => {
  const lines: string[] = [];
  let t: TestApp;
  let a: Onboarded;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({
      env: { OPERATOR_TOKEN },
      log: createLogger('info', { write: (line: string) => void lines.push(line) }),
    });
    a = await onboardHospital(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => t?.close());

  const scrape = async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    return res.text();
  };
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('is not there for a hospital admin, nor for an anonymous remote caller', async () => {
    for (const headers of [{ ...REMOTE, ...asClient(a.token) }, REMOTE, { ...REMOTE, authorization: 'Bearer nope' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('hms_');
    }
  });

  it('answers the operator token from anywhere', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { ...REMOTE, authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('hms_http_request_duration_seconds');
  });

  it('shows requests by route, command outcomes, appends, lag, pushes, sockets, pool and mail', async () => {
    const socket = await LiveSocket.connect(wsBase(t.app), a.token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(a.token),
      payload: newPatient(),
    });
    expect(created.statusCode).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(a.token),
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
    await socket.next('patient_created');
    const text = await scrape();
    expect(
      value(text, 'hms_http_request_duration_seconds_count{method="POST",route="/api/patients",status="201"}'),
    ).toBe(1);
    expect(value(text, 'hms_command_outcomes_total{route="/api/patients",outcome="2xx"}')).toBe(1);
    expect(value(text, 'hms_command_outcomes_total{route="/api/patients",outcome="4xx"}')).toBe(1);
    expect(value(text, 'hms_event_store_append_seconds_count')).toBeGreaterThan(0);
    expect(value(text, 'hms_event_store_append_batch_size_count')).toBeGreaterThan(0);
    expect(value(text, 'hms_push_latency_seconds_count')).toBeGreaterThan(0);
    expect(value(text, 'hms_websocket_connections')).toBe(1);
    expect(value(text, 'hms_db_pool_connections{state="waiting"}')).toBe(0);
    expect(value(text, 'hms_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'hms_outgoing_queue_depth{channel="mail"}')).toBe(0);
    expect(value(text, 'hms_outgoing_queue_depth{channel="sms"}')).toBe(0);
    expect(value(text, 'hms_outgoing_total{channel="mail",result="sent"}')).toBeGreaterThan(0);
    expect(text).toMatch(/^hms_projection_lag_events\{consumer="audit-trail",kind="projection",leader="true"\} \d+$/m);
    expect(text).toMatch(
      /^hms_projection_lag_seconds\{consumer="audit-trail",kind="projection",leader="true"\} [\d.e-]+$/m,
    );
    await socket.close();
  });

  it('gives every log line of one request the same request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/patients?limit=1', headers: asClient(a.token) });
    expect(res.statusCode).toBe(200);
    const id = res.headers['x-request-id'];
    const mine = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });
});
