import { listRead } from '../../platform/http/access-trail';
import { success } from '../../platform/http/envelope';
import { csvAnswer, csvHeaders } from '../../platform/http/csv';
import type { HttpApp, Platform } from '../../platform/platform';
import { hospitalToday } from '../hospitals';
import { outstandingQuery } from './hmo-schemas';
import { outstanding, patientsOfAging } from './read-models/aging';
import { addDays } from './read-models/dashboard';
import { outstandingCsv, revenueCsv } from './read-models/report-csv';
import { revenue, type RevenueGrouping } from './read-models/revenue';
import { revenueQuery } from './report-schemas';
import { BILLING_MODULE, BILLING_ONLY, BILLING_ROLES } from './roles';
import { revenueEndpoint } from '../../shared/api/billing';

/** Without dates: the month grouping covers the last 12 months, the others the last 30 days. */
export function revenueRange(groupBy: RevenueGrouping, q: { from?: string; to?: string }, today: string) {
  const to = q.to ?? today;
  if (q.from) return { from: q.from, to };
  if (groupBy !== 'month') return { from: addDays(to, -29), to };
  const [y, m] = to.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - 11, 1));
  return { from: first.toISOString().slice(0, 10), to };
}

/** The accountant's reports: revenue by day, month, service kind or payer, and each report table as CSV. */
export function reportRoutes(app: HttpApp, platform: Platform) {
  const billing = platform.auth(BILLING_ROLES, BILLING_ONLY);
  const security = [{ bearer: [] }];
  const tags = ['Billing'];
  const report = async (hospitalId: string, q: { groupBy: RevenueGrouping; from?: string; to?: string }) => {
    const { from, to } = revenueRange(q.groupBy, q, await hospitalToday(platform.db, hospitalId));
    return revenue(platform.db, hospitalId, q.groupBy, from, to);
  };

  app.get(
    revenueEndpoint.path,
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary:
          'Revenue of the invoices raised from–to (YYYY-MM-DD, days in the hospital time zone): invoiced, paid and outstanding kobo, by day, month, service kind or payer',
        querystring: revenueQuery,
        response: { 200: revenueEndpoint.response },
      },
    },
    async (request) => success(await report(request.auth!.hospitalId, request.query)),
  );

  app.get(
    '/billing/reports/revenue.csv',
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: 'The revenue report as CSV (naira)',
        querystring: revenueQuery,
        response: { 200: csvAnswer('The revenue report, one line per group') },
      },
    },
    async (request, reply) => {
      const { filename, body } = revenueCsv(await report(request.auth!.hospitalId, request.query));
      return reply.headers(csvHeaders(filename)).send(body);
    },
  );

  app.get(
    '/billing/reports/outstanding.csv',
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: listRead('patient', 'outstanding balances CSV', 'handler') },
      schema: {
        tags,
        security,
        summary: 'Outstanding balances by patient or HMO as CSV (naira)',
        querystring: outstandingQuery,
        response: { 200: csvAnswer('The outstanding balances, one line per patient or HMO') },
      },
    },
    async (request, reply) => {
      const today = await hospitalToday(platform.db, request.auth!.hospitalId);
      const aging = await outstanding(platform.db, request.auth!.hospitalId, request.query.by, today);
      request.auditPatients = patientsOfAging(aging);
      const { filename, body } = outstandingCsv(aging, today);
      return reply.headers(csvHeaders(filename)).send(body);
    },
  );
}
