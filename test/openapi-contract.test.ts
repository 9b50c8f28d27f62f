import { execFile } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app';

/**
 * The OpenAPI document as an integrator's tools read it: Redocly CLI's recommended rules find no error,
 * every operation has a stable, unique operationId and says whether it needs a token, and a method a path
 * does not have answers 405 with Allow. (test/fuzz.test.ts checks that every status it receives is listed.)
 */
type Operation = { operationId?: string; security?: unknown[]; responses?: Record<string, unknown> };
type OpenApi = { paths: Record<string, Record<string, Operation>> };
type BundleAnswer = {
  content: Record<
    string,
    { schema: { properties: Record<string, { enum?: unknown[]; type?: string }>; required: string[] } }
  >;
};
type LintProblem = { ruleId: string; severity: string; message: string; location: { pointer: string }[] };

const run = promisify(execFile);

/** node:http, not fetch: fetch refuses TRACE. */
function request(url: string, method: string, body?: string) {
  return new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('the OpenAPI document and the methods of each path', () => {
  let t: TestApp;
  let doc: OpenApi;
  let baseUrl: string;

  beforeAll(async () => {
    t = await startTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([route, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route, method, op })),
    );

  it('passes Redocly CLI lint (recommended rules) with no error', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const cli = path.resolve('node_modules/.bin/redocly');
      // Exit code 1 means problems were found; the JSON report says which.
      const { stdout } = await run(cli, ['lint', file, '--format=json', '--max-problems=1000'], {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
      const report = JSON.parse(stdout) as { problems: LintProblem[] };
      const errors = report.problems
        .filter((p) => p.severity === 'error')
        .map((p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`);
      expect(errors).toEqual([]);
      expect(report.problems.length).toBeGreaterThan(0); // the report was read: a few warnings remain (see README)
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('gives every operation a unique operationId made from its method and path', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/patients/{id}/vitals']?.post?.operationId).toBe('postPatientsByIdVitals');
    expect(doc.paths['/api/consultations/create']?.post?.operationId).toBe('postConsultationsCreate');
  });

  it('documents the success of every operation, with the status it answers and a schema of its content', () => {
    const undocumented = operations()
      .filter(({ op }) => {
        const successes = Object.entries(op.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        const described = ([status, answer]: [string, unknown]) =>
          status === '204' ||
          Object.values((answer as { content?: Record<string, { schema?: unknown }> }).content ?? {}).some(
            (media) => media.schema !== undefined,
          );
        return successes.length === 0 || !successes.every(described);
      })
      .map(({ method, route }) => `${method} ${route}`);
    expect(undocumented).toEqual([]);

    const contentTypes = (route: string, method = 'get', status = '200') =>
      Object.keys((doc.paths[route]?.[method]?.responses?.[status] as { content?: object } | undefined)?.content ?? {});
    // A recording answers 201, not the 200 a generated client would otherwise expect.
    expect(Object.keys(doc.paths['/api/consultations/create']?.post?.responses ?? {})).toContain('201');
    expect(Object.keys(doc.paths['/api/consultations/create']?.post?.responses ?? {})).not.toContain('200');
    // A file is text/csv; a report that can be either says both.
    expect(contentTypes('/api/audit/events.csv')).toEqual(['text/csv']);
    expect(contentTypes('/api/pharmacy/reports/stock')).toEqual(['application/json', 'text/csv']);
    expect(contentTypes('/api/patients/{id}/export')).toEqual(['application/json', 'application/fhir+json']);
    const exportAnswer = doc.paths['/api/patients/{id}/export']?.get?.responses?.['200'] as BundleAnswer;
    const bundle = exportAnswer.content['application/fhir+json']?.schema;
    expect(bundle?.properties.resourceType?.enum).toEqual(['Bundle']);
    expect(bundle?.required).toEqual(expect.arrayContaining(['resourceType', 'type', 'entry']));
    expect(bundle?.properties.entry?.type).toBe('array');
  });

  it('marks public routes with an empty security list, and they answer without a token', async () => {
    const publicOps = operations().filter(({ op }) => Array.isArray(op.security) && op.security.length === 0);
    expect(publicOps.map(({ method, route }) => `${method} ${route}`).sort()).toEqual([
      'get /api/health',
      'post /api/admin/login',
      'post /api/auth/login',
      'post /api/hospital/register-with-verification',
      'post /api/hospital/resend-verification',
      'post /api/hospital/verify-email',
    ]);
    for (const { method, route } of publicOps) {
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: route,
        headers: { 'content-type': 'application/json' },
        payload: method === 'get' ? undefined : '{}',
      });
      expect([route, res.statusCode]).not.toEqual([route, 401]);
    }
    // Every other operation needs the bearer token and says it may answer 401.
    for (const { route, method, op } of operations().filter(({ op }) => (op.security?.length ?? 0) > 0)) {
      expect([method, route, Object.keys(op.responses ?? {})]).toEqual([
        method,
        route,
        expect.arrayContaining(['401', '403']),
      ]);
    }
  });

  it('gives dates, statuses and headers the formats the server holds them to', () => {
    type Param = { name: string; in: string; schema: Record<string, unknown> };
    const param = (route: string, method: string, name: string) =>
      ((doc.paths[route]?.[method] as { parameters?: Param[] } | undefined)?.parameters ?? []).find(
        (p) => p.name === name,
      )?.schema;
    for (const route of ['/api/billing/invoices', '/api/billing/payments', '/api/billing/reports/revenue']) {
      expect([route, param(route, 'get', 'from')?.format, param(route, 'get', 'to')?.format]).toEqual([
        route,
        'date',
        'date',
      ]);
    }
    expect(param('/api/pharmacy/reports/stock', 'get', 'from')?.format).toBe('date');
    expect(param('/api/appointments', 'get', 'date')?.format).toBe('date');
    expect(param('/api/patients/{id}', 'get', 'asOf')?.format).toBe('date-time');
    expect(param('/api/audit/events', 'get', 'from')?.pattern).toEqual(expect.any(String));
    expect(param('/api/lab/requests', 'get', 'status')?.enum).toEqual(expect.arrayContaining(['pending', 'completed']));
    expect(param('/api/patients', 'post', 'x-device-time')?.pattern).toEqual(expect.any(String));
    expect(param('/api/users/{id}', 'put', 'if-match')?.pattern).toEqual(expect.any(String));
    // A nullable enum lists null (OpenAPI 3.0.3).
    const text = JSON.stringify(doc);
    expect(text).toContain('"interpretation":{"nullable":true,"type":"string","enum":["H","L","N",null]}');
  });

  it('answers 405 with Allow for a method the path does not have, over real HTTP, and 404 for no path', async () => {
    for (const method of ['TRACE', 'QUERY', 'DELETE', 'OPTIONS']) {
      const res = await request(`${baseUrl}/api/patients`, method);
      expect([method, res.status, res.allow]).toEqual([method, 405, 'GET, HEAD, POST']);
      expect(JSON.parse(res.body)).toEqual({
        success: false,
        message: `Method ${method} is not allowed on /api/patients`,
      });
    }
    const patch = await request(`${baseUrl}/api/patients/P-1`, 'PATCH', '{}');
    expect([patch.status, patch.allow]).toEqual([405, 'DELETE, GET, HEAD, PUT']);
    const none = await request(`${baseUrl}/api/no-such-thing`, 'GET');
    expect([none.status, none.allow]).toEqual([404, undefined]);
  });

  it('answers a static path shadowed by an :id route with its own methods, not the :id route', async () => {
    // PUT /api/patients/:id and GET /api/users/:id exist; /stats and /plan are paths of their own.
    const stats = await request(`${baseUrl}/api/patients/stats`, 'PUT', '{}');
    expect([stats.status, stats.allow]).toEqual([405, 'GET, HEAD']);
    expect(JSON.parse(stats.body).message).toBe('Method PUT is not allowed on /api/patients/stats');
    for (const method of ['GET', 'DELETE']) {
      const plan = await request(`${baseUrl}/api/users/plan`, method);
      expect([method, plan.status, plan.allow]).toEqual([method, 405, 'PUT']);
    }
    // The path's own method still reaches its route (no token: 401).
    expect((await request(`${baseUrl}/api/patients/stats`, 'GET')).status).toBe(401);
  });

  it('checks the method, then the token, then the headers and the body', async () => {
    const headers = { 'content-type': 'application/json', 'x-device-time': 'yesterday' };
    const noToken = await t.app.inject({ method: 'GET', url: '/api/patients', headers });
    expect(noToken.statusCode).toBe(401);
    const wrongMethod = await t.app.inject({ method: 'PATCH', url: '/api/patients', headers, payload: '{' });
    expect(wrongMethod.statusCode).toBe(405);
    const own = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers, payload: '{' });
    expect(own.statusCode).toBe(401);
  });
});
