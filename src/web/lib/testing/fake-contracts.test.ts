import { afterEach, describe, expect, it } from 'vitest';
import { stockReportEndpoint } from '../../../shared/api/pharmacy';
import { usersEndpoint, userStatsEndpoint } from '../../../shared/api/users';
import { answer, fakeApi, routeOf } from './fake-api';
import { takeContractViolations } from './fake-contracts';

/** The fake API keeps its success answers to what the server's routes can send (issue 36 §1). */
let api: ReturnType<typeof fakeApi>;
afterEach(() => api.restore());

const plan = { code: 'clinic' as const, name: 'Clinic', maxUsers: 7, usedSeats: 2 };
const stats = { totalUsers: 2, active: 2, inactive: 0, byRole: { doctor: 1 }, plan };
// As ky calls it: a Request (the fake's own, which reads a path against the page's address).
const call = (path: string) => fetch(new Request(`/api${path}`));
const get = async (path: string) => {
  const response = await call(path);
  return { status: response.status, body: (await response.json()) as { message?: string } };
};

describe('the fake API against the shared contracts', () => {
  it('sends an answer the contract allows as it is, and records nothing', async () => {
    api = fakeApi({ [routeOf(userStatsEndpoint)]: () => answer(userStatsEndpoint, stats) });
    expect(await get('/users/stats')).toEqual({ status: 200, body: { success: true, data: stats } });
    expect(takeContractViolations()).toEqual([]);
  });

  it('refuses an answer the server could never send (no plan), naming the route and the field', async () => {
    const noPlan = { ...stats, plan: undefined };
    // @ts-expect-error The compiler refuses it first: the contract's answer has a plan.
    const withoutPlan = () => answer(userStatsEndpoint, noPlan);
    api = fakeApi({ [routeOf(userStatsEndpoint)]: withoutPlan });
    const sent = await get('/users/stats');
    expect(sent.status).toBe(500);
    const [broken, ...more] = takeContractViolations();
    expect(more).toEqual([]);
    expect(broken).toMatch(/^The fake's answer to GET \/users\/stats breaks the contract of GET \/users\/stats: /);
    expect(broken).toMatch(/data\.plan/);
    expect(sent.body.message).toBe(broken);
  });

  it('refuses a success written by hand for an endpoint that has a contract, even a right one', async () => {
    api = fakeApi({ 'GET /users/stats': () => ({ body: { success: true, data: stats } }) });
    expect((await get('/users/stats')).status).toBe(500);
    expect(takeContractViolations()).toEqual([
      "The fake's answer to GET /users/stats breaks the contract of GET /users/stats: answer it with answer(endpoint, data), typed by the contract",
    ]);
  });

  it("refuses another endpoint's answer, and tells /users/stats from /users/:id", async () => {
    const page = { users: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } };
    api = fakeApi({ 'GET /users/stats': () => answer(usersEndpoint, page) });
    expect((await get('/users/stats')).status).toBe(500);
    expect(takeContractViolations()).toEqual([
      "The fake's answer to GET /users/stats breaks the contract of GET /users/stats: it was written for GET /users",
    ]);
  });

  it('leaves failures, files and endpoints without a contract alone', async () => {
    api = fakeApi({
      'GET /users/stats': () => ({ status: 503, body: { success: false, message: 'Service unavailable' } }),
      [routeOf(stockReportEndpoint)]: () => ({ body: 'medication,batches', headers: { 'content-type': 'text/csv' } }),
      'GET /somewhere/else': () => ({ body: { anything: true } }),
    });
    expect((await get('/users/stats')).status).toBe(503);
    expect((await call('/pharmacy/reports/stock?format=csv')).status).toBe(200);
    expect((await get('/somewhere/else')).status).toBe(200);
    expect(takeContractViolations()).toEqual([]);
  });
});
