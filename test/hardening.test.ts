import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEB_DIST } from '../src/app';
import { startTestApp, type TestApp } from './helpers/app';
import { onboardHospital, type Onboarded } from './helpers/onboard';
import { hireAndSignIn, hireStaff } from './helpers/staff-api';

/** The spec's client: a JSON content type and the Bearer token on every call, with or without a body. */
const asClient = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

type OpenApi = { paths: Record<string, Record<string, { requestBody?: unknown }>> };

describe('the spec client and hostile input', () => {
  let t: TestApp;
  let a: Onboarded;

  beforeAll(async () => {
    t = await startTestApp({ webDir: existsSync(path.join(WEB_DIST, 'index.html')) ? WEB_DIST : undefined });
    a = await onboardHospital(t);
  });
  afterAll(async () => t?.close());

  it('logs out through both doors with a JSON content type and no body; the token stops working', async () => {
    const nurse = await hireAndSignIn(t, a.token, 'nurse');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: asClient(nurse.token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'Logged out successfully' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: asClient(nurse.token) });
    expect(me.statusCode).toBe(401);

    const admin = await onboardHospital(t);
    const adminOut = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: asClient(admin.token) });
    expect(adminOut.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: '/api/admin/profile', headers: asClient(admin.token) });
    expect(profile.statusCode).toBe(401);
  });

  it('deletes a user with a JSON content type and no body', async () => {
    const pharmacist = await hireStaff(t, a.token, { role: 'pharmacist' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${pharmacist.id}`,
      headers: asClient(a.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('User deleted successfully');
  });

  it('accepts an empty JSON body on every route that takes none', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
    let checked = 0;
    for (const [route, methods] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (operation.requestBody || method === 'get' || route.endsWith('/logout')) continue;
        const url = route.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000');
        const res = await t.app.inject({ method: method.toUpperCase() as 'POST', url, headers: asClient(a.token) });
        expect(res.json().message, `${method} ${route}`).not.toBe('The request body is not valid JSON');
        expect(res.statusCode, `${method} ${route}`).toBeLessThan(500);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('answers a route that needs a body, sent without one, with 400 in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: asClient(a.token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Please check your input and try again' });
  });

  it('documents the 404 of a body naming a record of nothing, and the 422 of a reused Idempotency-Key', async () => {
    type Doc = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    const statuses = (route: string, method = 'post') => Object.keys(doc.paths[route]?.[method]?.responses ?? {});
    for (const route of [
      '/api/billing/invoices',
      '/api/appointments',
      '/api/consultations/create',
      '/api/billing/claims',
    ]) {
      expect([route, statuses(route)]).toEqual([route, expect.arrayContaining(['404'])]);
    }
    expect(statuses('/api/billing/invoices/{id}/payments')).toContain('422');
    // …and the server does answer it.
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/billing/invoices',
      headers: asClient(a.token),
      payload: JSON.stringify({ patientId: 'P-NOBODY', lines: [{ description: 'Card', quantity: 1, unitPrice: 500 }] }),
    });
    expect([invoice.statusCode, invoice.json().message]).toEqual([404, 'Patient not found']);
  });

  it('refuses a query parameter the route does not take, naming it, on every list route', async () => {
    for (const url of ['/api/patients', '/api/users', '/api/audit/events', '/api/billing/invoices']) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?form=2026-01-01`, headers: asClient(a.token) });
      expect([url, res.statusCode, res.json().errors]).toEqual([
        url,
        400,
        [{ field: 'form', message: 'This parameter is not known here' }],
      ]);
    }
    const known = await t.app.inject({
      method: 'GET',
      url: '/api/patients?page=1&limit=5',
      headers: asClient(a.token),
    });
    expect(known.statusCode).toBe(200);
  });

  it('refuses a NUL byte in a query, a body or a path with 400 naming the field', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/patients?search=%00', headers: asClient(a.token) });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({
      success: false,
      message: 'Please check your input and try again',
      errors: [{ field: 'search', message: 'Contains characters that are not allowed' }],
    });
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asClient(a.token),
      payload: JSON.stringify({ firstName: 'Ada\u0000', lastName: 'Obi', email: 'x@y.ng', role: 'nurse' }),
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().errors).toEqual([{ field: 'firstName', message: 'Contains characters that are not allowed' }]);
    const params = await t.app.inject({ method: 'GET', url: '/api/patients/abc%00def', headers: asClient(a.token) });
    expect(params.statusCode).toBe(400);
  });

  it('refuses a lone surrogate and an over-long string with 400', async () => {
    const lone = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: asClient(a.token),
      payload: '{"firstName":"Ada\\ud800","lastName":"Obi","email":"x@y.ng","role":"nurse"}',
    });
    expect(lone.statusCode).toBe(400);
    expect(lone.json().errors).toEqual([{ field: 'firstName', message: 'Contains characters that are not allowed' }]);
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/patients?search=${'a'.repeat(100_001)}`,
      headers: asClient(a.token),
    });
    expect(long.statusCode).toBe(400);
  });

  it('sends the security headers on API answers and on the pages', async () => {
    const urls = ['/api/health', '/api/nothing'];
    if (existsSync(path.join(WEB_DIST, 'index.html'))) urls.push('/', '/admin/login');
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      // Plain http (a local start): no HSTS, no upgrade of requests the server cannot answer.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(String(docs.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('ships no source maps: none in the build, none served', async () => {
    if (!existsSync(path.join(WEB_DIST, 'assets'))) return expect.fail('run npm run build first');
    const assets = readdirSync(path.join(WEB_DIST, 'assets'));
    expect(assets.filter((f) => f.endsWith('.map'))).toEqual([]);
    const script = assets.find((f) => f.endsWith('.js'))!;
    expect(readFileSync(path.join(WEB_DIST, 'assets', script), 'utf8')).not.toContain('sourceMappingURL');
    const res = await t.app.inject({ method: 'GET', url: `/assets/${script}.map` });
    expect(res.statusCode).toBe(404);
  });
});

describe('behind https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://hms.example.org' } });
  });
  afterAll(async () => t?.close());

  it('asks browsers to keep to https', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });
});
