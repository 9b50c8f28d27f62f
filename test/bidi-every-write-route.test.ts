import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORBIDDEN_CHARACTERS } from '../src/platform/http/request-guards';
import { STAFF_ROLES } from '../src/shared/roles';
import { sharedTestApp, type TestApp } from './helpers/app';
import { onboardHospital, randomIp } from './helpers/onboard';
import { hireAndSignIn } from './helpers/staff-api';

/**
 * Issue 33 §3: a bidirectional control (U+202A–U+202E, U+2066–U+2069) makes a record read
 * differently from what it holds. Every write route of the OpenAPI document (not a hand list) is
 * walked, and every string its body schema has, however deep, is sent holding one control while
 * the rest of the body is plain: the answer is 400 naming that very field. Each route is called as
 * the first caller its role check lets through.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
};
type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> } };
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const PLAIN = 'plain';
/** Any well-formed record id: the guard runs before a handler looks anything up. */
const SOME_ID = 'a1b2c3d4-0000-4000-8000-000000000001';

function resolver(doc: OpenApi) {
  const resolve = (s: Schema | undefined): Schema | undefined => {
    if (!s?.$ref) return s;
    const name = s.$ref.split('/').pop()!;
    return resolve(doc.components?.schemas?.[name]);
  };
  return resolve;
}

const types = (s: Schema) => [s.type ?? []].flat();

/** Every place a string can go in a body of this schema, as the guard names it (`a.b.0.c`). */
function stringPaths(
  schema: Schema | undefined,
  resolve: (s?: Schema) => Schema | undefined,
  at = '',
  depth = 0,
): string[] {
  const s = resolve(schema);
  if (!s || depth > 8) return [];
  if (s.enum || s.const !== undefined) return [];
  const alternatives = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
  const found = new Set<string>();
  for (const alt of alternatives) for (const p of stringPaths(alt, resolve, at, depth + 1)) found.add(p);
  const t = types(s);
  if (t.includes('string')) found.add(at);
  if (s.properties) {
    for (const [key, inner] of Object.entries(s.properties)) {
      for (const p of stringPaths(inner, resolve, at ? `${at}.${key}` : key, depth + 1)) found.add(p);
    }
  }
  if (typeof s.additionalProperties === 'object') {
    for (const p of stringPaths(s.additionalProperties, resolve, at ? `${at}.key` : 'key', depth + 1)) found.add(p);
  }
  if (t.includes('array') && s.items) {
    for (const p of stringPaths(s.items, resolve, at ? `${at}.0` : '0', depth + 1)) found.add(p);
  }
  return [...found];
}

/** A body with `hostile` at `path` (a dotted path; numeric parts are array indexes) and nothing else. */
function bodyWith(path: string, hostile: string): unknown {
  if (path === '') return hostile;
  const parts = path.split('.');
  const root: Record<string, unknown> | unknown[] = /^\d+$/.test(parts[0]!) ? [] : {};
  let node: Record<string, unknown> | unknown[] = root;
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    const next = last ? hostile : /^\d+$/.test(parts[i + 1]!) ? [] : {};
    (node as Record<string, unknown>)[part] = next;
    if (!last) node = next as Record<string, unknown>;
  });
  return root;
}

describe('bidirectional controls on every write route', () => {
  let t: TestApp;
  const callers: { who: string; token?: string }[] = [];

  beforeAll(async () => {
    t = await sharedTestApp();
    const a = await onboardHospital(t);
    callers.push({ who: 'admin', token: a.token });
    // The compliance officer writes nothing (read-only), and the plan holds seven users.
    for (const role of STAFF_ROLES.filter((r) => r !== 'compliance_officer')) {
      callers.push({ who: role, token: (await hireAndSignIn(t, a.token, role)).token });
    }
    callers.push({ who: 'nobody' });
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses a control in every string field of every write route with 400 naming the field', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    const resolve = resolver(doc);
    const failures: string[] = [];
    const unwalked: string[] = [];
    let fields = 0;
    let routes = 0;
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!WRITES.has(method)) continue;
        routes++;
        const content = op.requestBody?.content ?? {};
        const others = Object.keys(content).filter((c) => c !== 'application/json');
        if (others.length) unwalked.push(`${method.toUpperCase()} ${route}: ${others.join(', ')}`);
        const paths = stringPaths(content['application/json']?.schema, resolve);
        for (const [k, path] of paths.entries()) {
          fields++;
          const control = BIDI[(fields + k) % BIDI.length]!;
          const url = route.replace(/\{[^}]+\}/g, SOME_ID);
          let answer: { statusCode: number; body: string; json: () => unknown } | undefined;
          for (const caller of callers) {
            answer = await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': randomIp(),
                ...(caller.token ? { authorization: `Bearer ${caller.token}` } : {}),
              },
              payload: JSON.stringify(bodyWith(path, `${PLAIN}${control}${PLAIN}`)),
            });
            // Past the role check: this caller's answer is the route's.
            if (answer.statusCode !== 401 && answer.statusCode !== 403) break;
          }
          const field = path || 'body';
          const json = answer!.json() as { errors?: { field: string; message: string }[] };
          const named = json.errors?.some((e) => e.field === field && e.message === FORBIDDEN_CHARACTERS);
          if (answer!.statusCode !== 400 || !named) {
            failures.push(
              `${method.toUpperCase()} ${route} ${field}: ${answer!.statusCode} ${answer!.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    // Every write route's body is JSON, so the walk above reaches every text a write can carry.
    expect(unwalked).toEqual([]);
    expect(routes).toBeGreaterThanOrEqual(50);
    expect(fields, `${fields} fields`).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  }, 300_000);
});
