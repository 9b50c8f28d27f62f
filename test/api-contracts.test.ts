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

const shapeOf = (schema: unknown) => (schema as { shape?: Record<string, unknown> } | undefined)?.shape;

describe('the shared API contracts', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    const modules = allModules.map((m) => {
      const own = m.routes;
      if (!own) return m;
      return {
        ...m,
        routes: (app: Parameters<typeof own>[0], platform: Parameters<typeof own>[1]) => {
          app.addHook('onRoute', (route) => void routes.push(route as RouteOptions));
          return own(app, platform);
        },
      };
    });
    t = await startTestApp({ modules, startProjections: false });
  });
  afterAll(async () => t?.close());

  it('lists endpoints', () => expect(endpoints.length).toBeGreaterThan(0));

  it.each(endpoints)('$name is served by its route with the same schemas', ({ e }) => {
    const matching = routes.filter((r) => r.url === `/api${e.path}` && [r.method].flat().includes(e.method));
    expect(matching, `${e.method} /api${e.path}`).toHaveLength(1);
    const schema = matching[0]!.schema as Schema;
    expect(schema.response?.[200] ?? schema.response?.[201]).toBe(e.response);
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
