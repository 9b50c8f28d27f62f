import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { asClient } from '../../../test/helpers/patients-api';
import { hireAndSignIn, upgradeToHospitalPlan } from '../../../test/helpers/staff-api';
import { taggedRoutes } from '../../platform/http/module-access';
import { ACCESS_MODULE_IDS, DEFAULT_ACCESS_MATRIX, moduleRefusedMessage } from '../../shared/access-matrix';
import { STAFF_ROLES } from '../../shared/roles';

/**
 * Every route that names a module × every staff role, generated from the route table: with the
 * default matrix, with every module taken from every staff role, and after a reset. Bodies are
 * empty and ids unknown, so a write admitted by the matrix ends in a 400/404 and changes nothing.
 */
describe('module access across the route table', () => {
  let t: TestApp;
  let a: Onboarded;
  const tokens: Record<string, string> = {};
  const routes = () => taggedRoutes(t.app).filter((r) => r.method !== 'HEAD');
  const urlOf = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());
  const ask = (token: string, method: string, url: string) =>
    t.app.inject({
      method: method as 'GET',
      url: urlOf(url),
      headers: asClient(token),
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
  const answers = async () => {
    const out = new Map<string, { status: number; message: string }>();
    for (const route of routes())
      for (const role of STAFF_ROLES) {
        const res = await ask(tokens[role]!, route.method, route.url);
        const message = String(res.headers['content-type']).includes('json') ? (res.json().message as string) : '';
        out.set(`${route.method} ${route.url} ${role}`, { status: res.statusCode, message });
      }
    return out;
  };

  beforeAll(async () => {
    t = await sharedTestApp();
    a = await onboardHospital(t);
    await upgradeToHospitalPlan(t, a.token);
    for (const role of STAFF_ROLES) tokens[role] = (await hireAndSignIn(t, a.token, role)).token;
  });
  afterAll(async () => t?.close());

  it('tags the routes of patients, consultations, pharmacy, laboratory and audit', () => {
    const modules = new Set(routes().flatMap((r) => r.modules));
    expect([...modules].sort()).toEqual(['audit', 'billing', 'laboratory', 'patients', 'pharmacy']);
    for (const m of modules) expect(ACCESS_MODULE_IDS).toContain(m);
    expect(routes().map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'POST /api/consultations/prescriptions/:consultationId/dispense',
        'GET /api/patients',
        'GET /api/lab/requests',
        'GET /api/inventory/medications',
        'GET /api/audit/events',
      ]),
    );
  });

  it('refuses every route of a revoked module naming it, on top of each role rule, and resets', async () => {
    const before = await answers();
    let admittedByDefault = 0;
    for (const route of routes())
      for (const role of STAFF_ROLES) {
        const granted = route.modules.some((m) => DEFAULT_ACCESS_MATRIX[m as 'patients'].includes(role));
        const { status } = before.get(`${route.method} ${route.url} ${role}`)!;
        // A role the default matrix leaves out of the module is refused by the route's own rule as well.
        if (!granted) expect(status, `${route.method} ${route.url} ${role}`).toBe(403);
        if (status !== 403) admittedByDefault++;
      }
    expect(admittedByDefault).toBeGreaterThan(20);

    const revokeAll = ACCESS_MODULE_IDS.map((module) => ({ module, roles: ['admin'] }));
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/access-control',
      headers: asClient(a.token),
      payload: { modules: revokeAll },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const revoked = await answers();
    for (const [key, was] of before) {
      const now = revoked.get(key)!;
      expect(now.status, key).toBe(403);
      const module = routes().find((r) => key.startsWith(`${r.method} ${r.url} `))!.modules[0]!;
      if (was.status !== 403) expect(now.message, key).toBe(moduleRefusedMessage(module));
    }
    // The admin keeps every module.
    const adminList = await ask(a.token, 'GET', '/api/patients');
    expect(adminList.statusCode).toBe(200);

    const reset = await t.app.inject({ method: 'POST', url: '/api/access-control/reset', headers: asClient(a.token) });
    expect(reset.statusCode).toBe(200);
    const after = await answers();
    for (const [key, was] of before) expect(after.get(key)!.status, key).toBe(was.status);
  });
});
