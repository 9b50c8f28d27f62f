import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modules as allModules } from '../src/modules';
import type { Endpoint } from '../src/shared/api/endpoint';
import { startTestApp, type TestApp } from './helpers/app';

/**
 * One contract per endpoint (CONVENTIONS.md): every endpoint in src/shared/api is served by a route of the same
 * method and path that validates and answers with the contract's very schemas (the same objects, not copies),
 * so the OpenAPI document, the server and the browser cannot drift apart.
 */
type ContractEndpoint = Endpoint & { response: unknown };
type Schema = { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<string, unknown> };

const isEndpoint = (v: unknown): v is ContractEndpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'data' in v && 'response' in v;

const files = import.meta.glob<Record<string, unknown>>('../src/shared/api/*.ts', { eager: true });
const endpoints = Object.entries(files).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, ContractEndpoint] => isEndpoint(entry[1]))
    .map(([name, e]) => ({ name: `${file.replace(/^.*\//, '')} ${name}`, e })),
);

/**
 * Inputs routes still declare on their own, beside their contract (issue 36 §1, not yet moved): queries that read
 * hospital dates with the module's calendar (§2 moves it to src/shared), and billing bodies that read naira with
 * the platform's number parsing; the lab queue's status aliases and the results body, which reads structured values
 * with the server's catalogue. Their answers are the contract's already. Nothing else may be left out.
 */
const SERVER_ONLY_INPUTS = new Set([
  'GET /audit/events querystring',
  'GET /audit/reads querystring',
  'GET /billing/activity querystring',
  'GET /billing/claims querystring',
  'GET /billing/invoices querystring',
  'GET /billing/patients querystring',
  'GET /billing/payments querystring',
  'GET /billing/reports/outstanding querystring',
  'GET /billing/reports/revenue querystring',
  'POST /billing/claims body',
  'POST /billing/claims/:id/settle body',
  'POST /billing/hmos body',
  'PUT /billing/hmos/:id body',
  'POST /billing/invoices/:id/lines/:lineId/price body',
  'POST /billing/invoices/:id/payments body',
  'POST /billing/invoices/:id/void body',
  'PUT /billing/patients/:id/hmo body',
  'PUT /billing/price-list body',
  'PUT /inventory/prices body',
  'PUT /lab/catalogue/:code/price body',
  'GET /lab/requests querystring',
  'POST /lab/requests/:id/results body',
]);

/** A success answer that may also be a file (`jsonOrCsvAnswer`): its JSON schema. */
const jsonAnswer = (answer: unknown) =>
  (answer as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema ??
  answer;

/** The app of every module, each route shown to `seen` as its module registers it. */
function appSeeingRoutes(seen: (route: RouteOptions) => void): Promise<TestApp> {
  const modules = allModules.map((m) => {
    const own = m.routes;
    if (!own) return m;
    return {
      ...m,
      routes: (app: Parameters<typeof own>[0], platform: Parameters<typeof own>[1]) => {
        app.addHook('onRoute', (route) => seen(route as RouteOptions));
        return own(app, platform);
      },
    };
  });
  return startTestApp({ modules, startProjections: false });
}

const shapeOf = (schema: unknown) => (schema as { shape?: Record<string, unknown> } | undefined)?.shape;

describe('the shared API contracts', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    t = await appSeeingRoutes((route) => void routes.push(route));
  });
  afterAll(async () => t?.close());

  it('lists endpoints', () => expect(endpoints.length).toBeGreaterThan(0));

  it.each(endpoints)('$name is served by its route with the same schemas', ({ e }) => {
    const matching = routes.filter((r) => r.url === `/api${e.path}` && [r.method].flat().includes(e.method));
    expect(matching, `${e.method} /api${e.path}`).toHaveLength(1);
    const schema = matching[0]!.schema as Schema;
    expect(jsonAnswer(schema.response?.[200] ?? schema.response?.[201])).toBe(e.response);
    if (e.params) expect(schema.params).toBe(e.params);
    if (e.body) expect(schema.body).toBe(e.body);
    // The platform makes every query strict (a new object with the same fields).
    if (e.query) expect(shapeOf(schema.querystring)).toEqual(shapeOf(e.query));
    for (const [part, own] of [
      ['params', schema.params],
      ['body', schema.body],
      ['querystring', schema.querystring],
    ] as const) {
      const declared = part === 'querystring' ? e.query : e[part];
      if (own && !declared && !SERVER_ONLY_INPUTS.has(`${e.method} ${e.path} ${part}`)) {
        expect.fail(`${e.method} ${e.path}: the route's ${part} is not in the contract`);
      }
    }
  });
});

/**
 * The clinical endpoints (issue 36 §1): every operation the OpenAPI document lists under /patients,
 * /consultations and /appointments has a contract in src/shared/api, so a new route there cannot answer what no
 * browser client parses (the pharmacist's queue and dispensing, served under /consultations, are dispensing.ts's).
 * The FHIR export is the audit module's file download.
 */
const NOT_CLINICAL_CONTRACTS = new Set(['GET /patients/:id/export']);

describe('the clinical endpoints each have a shared contract', () => {
  let t: TestApp;
  let operations: string[];

  beforeAll(async () => {
    t = await startTestApp({ startProjections: false });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`),
    );
  });
  afterAll(async () => t?.close());

  it('finds no operation of theirs without one', () => {
    const clinical = operations.filter((key) =>
      /^(GET|POST|PUT|PATCH|DELETE) \/(patients|consultations|appointments)(\/|$)/.test(key),
    );
    expect(clinical.length).toBeGreaterThanOrEqual(20);
    const declared = new Set(endpoints.map(({ e }) => `${e.method} ${e.path}`));
    expect(clinical.filter((key) => !declared.has(key) && !NOT_CLINICAL_CONTRACTS.has(key))).toEqual([]);
  });
});

/**
 * The staff accounts (/users), the pharmacy's stock, reports and dispensing figures (/inventory, /pharmacy), and
 * signing in, the signed-in person and their password (/auth, /admin: every /admin route is identity's): every
 * route is a contract's, so no request or answer of theirs is written a second time beside it (issue 36 §1).
 */
describe('the users, pharmacy and identity routes are all served from their contracts', () => {
  const OWNED = /^\/api\/(users|inventory|pharmacy|auth|admin)(\/|$)/;
  const declared = endpoints
    .map(({ e }) => `${e.method} /api${e.path}`)
    .filter((key) => OWNED.test(key.split(' ')[1]!));
  let t: TestApp;
  const served: string[] = [];

  beforeAll(async () => {
    t = await appSeeingRoutes((route) => {
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD' && OWNED.test(route.url)) served.push(`${method} ${route.url}`);
      }
    });
  });
  afterAll(async () => t?.close());

  it('declares a contract for each of them', () => {
    expect(served.length).toBeGreaterThanOrEqual(28);
    for (const prefix of ['/api/auth/', '/api/admin/', '/api/pharmacy/stats']) {
      expect(served.some((key) => key.includes(` ${prefix}`))).toBe(true);
    }
    expect([...served].sort()).toEqual([...declared].sort());
  });
});
