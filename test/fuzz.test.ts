import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from './helpers/app';
import { onboardHospital, type Onboarded } from './helpers/onboard';
import { hireAndSignIn } from './helpers/staff-api';

/**
 * Hostile requests derived from the OpenAPI document: every route × wrong types, missing fields,
 * huge numbers, NUL bytes, SQL and HTML payloads, `__proto__` keys, over-long and deeply nested
 * values, in the body, the query and the path, as anonymous, staff and admin callers. No answer
 * may be a 5xx, and every 4xx must be the envelope. Seeded, so a failure replays exactly.
 */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  required?: string[];
  anyOf?: Schema[];
  enum?: unknown[];
};
type Operation = {
  responses?: Record<string, unknown>;
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: { 'application/json'?: { schema?: Schema } } };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const MIN_REQUESTS = 5000;

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR 1=1 --",
  "'; drop table events; --",
  '"><script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '%',
  '_',
  '%_%\\',
  '../../etc/passwd',
  '\ud800',
  '💉🏥',
  'ÄÖÜ é ß',
  'x'.repeat(5000),
  '00000000-0000-0000-0000-000000000000',
  'null',
  'undefined',
  '1e308',
  '-1',
  '2026-02-30',
  'DVC/2024/001234',
];
const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1e308,
  -1e308,
  2 ** 63,
  Number.MAX_SAFE_INTEGER + 2,
  0.1,
  [],
  [1, 2, 3],
  {},
  { $ne: null },
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
  ...HOSTILE_STRINGS,
];

function deep(depth: number): unknown {
  return depth === 0 ? 'leaf' : { nested: deep(depth - 1) };
}

/** A body shaped like the schema, then with one field (or the whole body) made hostile. */
function bodiesFor(schema: Schema | undefined, pick: () => number): string[] {
  const props = Object.keys(schema?.properties ?? {});
  const valid: Record<string, unknown> = {};
  for (const p of props) valid[p] = 'Ada';
  const bodies: string[] = [
    '',
    'null',
    '[]',
    '"text"',
    '{',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    JSON.stringify(deep(200)),
    JSON.stringify({ ...valid, extra: 'field' }),
  ];
  for (const p of props) {
    const { [p]: _dropped, ...missing } = valid;
    bodies.push(JSON.stringify(missing));
    for (let i = 0; i < 6; i++) {
      const value = HOSTILE_VALUES[Math.floor(pick() * HOSTILE_VALUES.length)];
      bodies.push(JSON.stringify({ ...valid, [p]: value }));
    }
  }
  return bodies;
}

/** A hostile path or query value, percent-encoded; some are encodings no decoder accepts. */
function hostileSegment(pick: () => number): string {
  const raw = HOSTILE_STRINGS[Math.floor(pick() * HOSTILE_STRINGS.length)]!.slice(0, 300) || 'x';
  if (pick() < 0.05) return ['%ZZ', '%', '%ED%A0%80', '%C0%AF', '%00%00'][Math.floor(pick() * 5)]!;
  try {
    return encodeURIComponent(raw);
  } catch {
    // A lone surrogate has no UTF-8 form: send the bytes a broken client would.
    return '%ED%A0%80';
  }
}

describe('fuzzing every route from the OpenAPI document', () => {
  let t: TestApp;
  let a: Onboarded;
  let tokens: (string | undefined)[];

  beforeAll(async () => {
    t = await sharedTestApp();
    a = await onboardHospital(t);
    const nurse = await hireAndSignIn(t, a.token, 'nurse');
    tokens = [undefined, nurse.token, a.token];
  });
  afterAll(async () => t?.close());

  it(`answers ${MIN_REQUESTS}+ hostile requests without a 5xx, with the envelope on every 4xx`, async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const pick = prng(20261122);
    const failures: string[] = [];
    /** Statuses an operation answered that its OpenAPI entry does not list: `GET /api/x → 404`. */
    const undocumented = new Set<string>();
    let sent = 0;
    const send = async (
      route: string,
      op: Operation,
      method: string,
      url: string,
      token: string | undefined,
      payload?: string,
    ) => {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload,
      });
      sent++;
      if (!op.responses?.[String(res.statusCode)])
        undocumented.add(`${method.toUpperCase()} ${route} → ${res.statusCode}`);
      const where = `${method.toUpperCase()} ${url.slice(0, 120)} ${payload?.slice(0, 80) ?? ''}`;
      if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400) {
        const body = res.json() as { success?: unknown; message?: unknown };
        if (body.success !== false || typeof body.message !== 'string') failures.push(`no envelope ${where}`);
      }
    };
    let round = 0;
    while (sent < MIN_REQUESTS) {
      round++;
      for (const [route, methods] of Object.entries(doc.paths)) {
        // Ending the session or changing its password would end the rest of the run's callers.
        if (route.endsWith('/logout') || route.endsWith('/change-password')) continue;
        for (const [method, op] of Object.entries(methods)) {
          for (const token of tokens) {
            const path = route.replace(/\{[^}]+\}/g, () => hostileSegment(pick));
            const query = (op.parameters ?? [])
              .filter((p) => p.in === 'query')
              .map((p) => `${p.name}=${hostileSegment(pick)}`)
              .join('&');
            const url = query ? `${path}?${query}` : path;
            if (method === 'get' || method === 'delete') {
              await send(route, op, method, url, token);
              continue;
            }
            const schema = op.requestBody?.content?.['application/json']?.schema;
            const bodies = bodiesFor(schema, pick);
            // Each round tries a different slice of the body variants.
            for (const body of bodies.filter((_, i) => (i + round) % 3 === 0))
              await send(route, op, method, url, token, body);
          }
        }
      }
      if (round > 50) break;
    }
    expect(failures.slice(0, 20)).toEqual([]);
    // Every status a caller can receive is in the document, so a client generated from it handles it.
    expect([...undocumented].sort()).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    // The pollution attempts reached nothing.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 300_000);
});
