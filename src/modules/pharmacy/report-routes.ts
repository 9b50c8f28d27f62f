import type { FastifyReply } from 'fastify';
import { csvDocument, csvHeaders, jsonOrCsvAnswer } from '../../platform/http/csv';
import { success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { dispensingReportEndpoint, stockReportEndpoint } from '../../shared/api/pharmacy';
import { hospitalToday } from '../hospitals';
import { dispensingReport, stockReport, type Period } from './read-models/pharmacy-reports';
import { STOCK_MOVEMENTS } from './read-models/stock-movements';

/** The pharmacist's reports (product-spec-1 §2, /user/report): the pharmacist's and the admin's only. */
const REPORT_ROLES = ['admin', 'pharmacist'] as const;
export const REPORT_DENIED = 'Access denied. You do not have permission to view pharmacy reports.';

/** The period asked for; by default up to today, from the first of the month `to` falls in. */
function periodOf(query: { from?: string; to?: string }, today: string): Period {
  const to = query.to ?? today;
  return { from: query.from ?? `${to.slice(0, 8)}01`, to };
}

function sendCsv(reply: FastifyReply, name: string, period: Period, header: string[], rows: unknown[][]) {
  const filename = `${name}-${period.from}-to-${period.to}.csv`;
  return reply.headers(csvHeaders(filename)).send(csvDocument(header, rows));
}

export function pharmacyReportRoutes(app: HttpApp, platform: Platform) {
  const canReport = platform.auth(REPORT_ROLES, REPORT_DENIED);
  const security = [{ bearer: [] }];
  const tags = ['Pharmacy'];
  const config = { accessModule: 'pharmacy' };
  /** The movements follow the feed in the background: a stock change just made is in the report. */
  const caughtUp = async () => {
    await platform.waitFor(await platform.store.headPosition(), [{ name: STOCK_MOVEMENTS }], 3000);
  };

  app.get(
    dispensingReportEndpoint.path,
    {
      config,
      onRequest: canReport,
      schema: {
        tags,
        security,
        summary: 'Per medication: quantity dispensed, prescriptions and patients in a period (format=csv for a file)',
        querystring: dispensingReportEndpoint.query,
        response: { 200: jsonOrCsvAnswer(dispensingReportEndpoint.response, 'The report; a CSV file with format=csv') },
      },
    },
    async (request, reply) => {
      await caughtUp();
      const period = periodOf(request.query, await hospitalToday(platform.db, request.auth!.hospitalId));
      const report = await dispensingReport(platform.db, request.auth!.hospitalId, period);
      if (request.query.format === 'json') return success(report);
      const header = ['medication', 'quantity_dispensed', 'prescriptions', 'patients'];
      const rows = report.rows.map((r) => [r.name, r.quantity, r.prescriptions, r.patients]);
      return sendCsv(reply, 'pharmacy-dispensing', period, header, rows);
    },
  );

  app.get(
    stockReportEndpoint.path,
    {
      config,
      onRequest: canReport,
      schema: {
        tags,
        security,
        summary:
          'Per medication: on hand now, received, adjusted and dispensed in a period, reorder level, status, nearest expiry',
        querystring: stockReportEndpoint.query,
        response: { 200: jsonOrCsvAnswer(stockReportEndpoint.response, 'The report; a CSV file with format=csv') },
      },
    },
    async (request, reply) => {
      await caughtUp();
      const today = await hospitalToday(platform.db, request.auth!.hospitalId);
      const period = periodOf(request.query, today);
      const report = await stockReport(platform.db, request.auth!.hospitalId, period, today);
      if (request.query.format === 'json') return success(report);
      const header = [
        'medication',
        'batches',
        'on_hand',
        'expired_on_hand',
        'received',
        'adjusted',
        'dispensed',
        'reorder_level',
        'status',
        'nearest_expiry',
      ];
      const rows = report.rows.map((r) => [
        r.name,
        r.batches,
        r.onHand,
        r.expiredOnHand,
        r.received,
        r.adjusted,
        r.dispensed,
        r.reorderLevel,
        r.status,
        r.nearestExpiry,
      ]);
      return sendCsv(reply, 'pharmacy-stock', period, header, rows);
    },
  );
}
