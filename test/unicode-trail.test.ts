import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';
import { accessReportApi } from './helpers/audit-api';
import { onboardHospital, randomIp, type Onboarded } from './helpers/onboard';
import { asClient, newPatient } from './helpers/patients-api';
import { hireAndSignIn } from './helpers/staff-api';

/**
 * Hostile Unicode cannot stop the audit trail (issue: one request stopped it for good). Arbitrary
 * text (lone surrogates, a 4-byte character at every cut position, NUL, bidi controls, any code
 * point) goes through every route of the OpenAPI document, in its path parameters, its query and
 * its body, as several roles and as nobody. Afterwards the trail, the access report and every
 * projection and reactor reach the head of the log, nothing is parked, and verify says the trail
 * is intact and not behind. Seeded, so a failure replays exactly.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
};
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: { 'application/json'?: { schema?: Schema } } };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const SEED = 20261127;
const SAMPLES_PER_CALLER = 3;

const HOSTILE_UNITS = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u0000', '\u202A', '\u202E', '\u2066', '\u2069'];
const unit = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_UNITS, '😀', '𝄞', '🏥', 'é', 'A') },
);
/** Text a hostile or careless client sends: where every cut by UTF-16 units would split a pair. */
const hostileText = fc.oneof(
  fc.string({ unit, maxLength: 24 }),
  fc.integer({ min: 0, max: 12 }).map((k) => `${'A'.repeat(k)}😀${'B'.repeat(k % 3)}`),
  fc.tuple(fc.integer({ min: 0, max: 12 }), fc.constantFrom(...HOSTILE_UNITS)).map(([k, c]) => `${'A'.repeat(k)}${c}`),
);

/** The text as a URL carries it: lone surrogates have no UTF-8 form, so a broken client's bytes. */
const inUrl = (text: string) => {
  try {
    return encodeURIComponent(text) || 'x';
  } catch {
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, 'x')) + '%ED%A0%80';
  }
};

const types = (s: Schema | undefined) =>
  [s?.type ?? [], ...(s?.anyOf ?? []).map((a) => a.type ?? [])].flat() as string[];

/** A value shaped like the schema, with every string one of the hostile texts. */
function shaped(schema: Schema | undefined, text: () => string, depth = 0): unknown {
  if (schema?.enum?.length) return schema.enum[0];
  const t = types(schema);
  if (t.includes('object') || schema?.properties) {
    if (depth > 4) return {};
    return Object.fromEntries(
      Object.entries(schema?.properties ?? {}).map(([k, v]) => [k, shaped(v, text, depth + 1)]),
    );
  }
  if (t.includes('array')) return [shaped(schema?.items ?? { type: 'string' }, text, depth + 1)];
  if (t.includes('string') || t.length === 0) return text();
  if (t.includes('integer') || t.includes('number')) return 1;
  if (t.includes('boolean')) return true;
  return text();
}

describe('hostile Unicode through every route', () => {
  let t: TestApp;
  let a: Onboarded;
  const callers: { who: string; token?: string }[] = [];
  let realIds: string[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    a = await onboardHospital(t);
    const doctor = await hireAndSignIn(t, a.token, 'doctor');
    const receptionist = await hireAndSignIn(t, a.token, 'receptionist');
    callers.push({ who: 'nobody' }, { who: 'admin', token: a.token });
    callers.push({ who: 'doctor', token: doctor.token }, { who: 'receptionist', token: receptionist.token });
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: asClient(a.token),
      payload: newPatient(),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    realIds = [registered.json().data.patient.id, a.admin.id, a.hospital.id];
  });
  afterAll(async () => t?.close());

  const get = (url: string, token = a.token) => t.app.inject({ method: 'GET', url, headers: asClient(token) });

  /** Every consumer has passed the log's head, and nothing was set aside. */
  async function everythingCaughtUp() {
    const head = await t.platform.store.headPosition();
    const consumers = (await t.platform.runner.status()).map((s) => ({ name: s.name }));
    expect(await t.platform.waitFor(head, consumers, 30_000), 'every consumer reaches the head').toBe(true);
    const status = await t.platform.runner.status();
    expect(status.filter((s) => s.failing).map((s) => `${s.name}: ${s.failing}`)).toEqual([]);
    expect(status.filter((s) => s.fellBack > 0).map((s) => s.name)).toEqual([]);
    expect(await t.platform.runner.parked()).toEqual([]);
  }

  /** A sign-in after the storm is in the trail, verify is intact and not behind, the report downloads. */
  async function trailStillWorks() {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
      payload: { email: a.adminEmail, password: a.adminPassword },
    });
    expect(login.statusCode, login.body).toBe(200);
    await everythingCaughtUp();
    const events = await get('/api/audit/events?limit=50');
    expect(events.statusCode, events.body).toBe(200);
    const types = (events.json().data.entries as { eventType: string }[]).map((e) => e.eventType);
    expect(types).toContain('LoginSucceeded');
    const verify = (await get('/api/audit/verify')).json().data;
    expect(verify).toMatchObject({ ok: true, lag: { behind: 0 } });
    const report = await accessReportApi(() => t).download(a.token);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.body).toMatch(/^actor_id,actor_name/);
    const health = (await get('/api/health')).json().data;
    expect(health.status, JSON.stringify(health)).toBe('ok');
  }

  it('GET /api/billing/claims/AAAAAAA😀 (one request that stopped the trail) no longer stops it', async () => {
    const url = '/api/billing/claims/AAAAAAA%F0%9F%98%80';
    // The admin may read claims: the id is refused as no id of ours, before anything looks it up.
    const asAdmin = await get(url);
    expect(asAdmin.statusCode, asAdmin.body).toBe(400);
    expect(asAdmin.json()).toMatchObject({
      success: false,
      errors: [{ field: 'id', message: 'Not a valid record id' }],
    });
    // Refused before the id is looked at (a role without billing, and nobody): recorded with the id
    // quoted whole, never cut inside its emoji.
    const doctor = callers.find((c) => c.who === 'doctor')!.token!;
    expect((await get(url, doctor)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url, headers: { 'content-type': 'application/json' } });
    expect(anonymous.statusCode).toBe(401);
    await everythingCaughtUp();
    const refused = await get('/api/audit/events?limit=20&outcome=denied');
    const entries = refused.json().data.entries as { action: string; subject: { id: string } | null }[];
    const quoted = 'AAAAAAA\\u{1f600}';
    expect(entries.map((e) => e.action)).toContain(`Refused claim of claim "${quoted}" (403: role not allowed)`);
    expect(entries.map((e) => e.subject?.id)).toContain(quoted);
    await trailStillWorks();
  });

  it('sends arbitrary Unicode through every path, query and body, and every consumer reaches the head', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const texts = fc.sample(hostileText, { seed: SEED, numRuns: 20_000 });
    let next = 0;
    const text = () => texts[next++ % texts.length]!;
    const idOrText = () => (next % 3 === 0 ? realIds[next++ % realIds.length]! : text());
    const failures: string[] = [];
    let sent = 0;
    for (const [route, methods] of Object.entries(doc.paths)) {
      // Ending the session or changing its password would end the rest of the run's callers.
      if (route.endsWith('/logout') || route.endsWith('/change-password')) continue;
      for (const [method, op] of Object.entries(methods)) {
        for (const caller of callers) {
          for (let i = 0; i < SAMPLES_PER_CALLER; i++) {
            const path = route.replace(/\{[^}]+\}/g, () => inUrl(idOrText()));
            const query = (op.parameters ?? [])
              .filter((p) => p.in === 'query')
              .map((p) => `${p.name}=${inUrl(text())}`)
              .join('&');
            const schema = op.requestBody?.content?.['application/json']?.schema;
            const payload = method === 'get' || method === 'delete' ? undefined : JSON.stringify(shaped(schema, text));
            const res = await t.app.inject({
              method: method.toUpperCase() as 'GET',
              url: query ? `${path}?${query}` : path,
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': randomIp(),
                ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
              },
              payload,
            });
            sent++;
            if (res.statusCode >= 500) {
              failures.push(
                `${res.statusCode} ${caller.who} ${method.toUpperCase()} ${path}: ${res.body.slice(0, 160)}`,
              );
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures.slice(0, 10)).toEqual([]);
    await trailStillWorks();
  }, 300_000);
});
