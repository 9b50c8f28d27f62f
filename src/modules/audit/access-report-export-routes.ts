import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { AccessAudit } from '../../platform/http/access-trail';
import { csvAnswer } from '../../platform/http/csv';
import { ok, success } from '../../platform/http/envelope';
import { Conflict, NotFound } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import { hospitalTimeZone, hospitalToday } from '../hospitals';
import { accessReportExportsOf, EXPORT_FAILED, type Requester } from './access-report-exports';
import { accessReportQuery, inHospitalDays } from './schemas';

/** What the audit routes share with these: the role check, the OpenAPI tags and the trail configs. */
export type AuditRouteKit = {
  canAudit: preHandlerAsyncHookHandler;
  security: { bearer: never[] }[];
  tags: string[];
  refusals: (what: string) => { accessModule: string; audit: AccessAudit };
  trailRead: (what: string, patientIds?: AccessAudit['patientIds']) => { accessModule: string; audit: AccessAudit };
  csvHeaders: (name: string, today: string) => Record<string, string>;
};

export const EXPORT_NOT_FOUND = 'Access report not found';
export const EXPORT_PREPARING = 'The access report is still being prepared. Please wait.';

const exportSchema = z.object({
  id: z.string(),
  status: z.enum(['preparing', 'ready', 'failed']),
  rows: z.number().nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
});
const exportAnswer = ok(z.object({ export: exportSchema }));
const exportParams = z.object({ id: z.string().max(100) });
/** The window and filters; a call with the JSON content type and no body asks for the whole trail. */
const exportBody = z.preprocess((v) => v ?? {}, accessReportQuery);

/**
 * The access report as a download prepared in the background (access-report-exports.ts): asked
 * for, followed, then fetched. The request and the status show no patient; the file does, and its
 * read is in the trail with every patient it names.
 */
export function accessReportExportRoutes(app: HttpApp, platform: Platform, kit: AuditRouteKit) {
  const { canAudit, security, tags, refusals, trailRead, csvHeaders } = kit;
  const exports = accessReportExportsOf(platform);
  const who = (auth: { hospitalId: string; userId: string } | null): Requester => ({
    hospitalId: auth!.hospitalId,
    userId: auth!.userId,
  });

  app.post(
    '/audit/access-report/exports',
    {
      config: refusals('access report export'),
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary:
          'Prepares the access report (who accessed which patients in a window) as a CSV file; follow it by its id',
        body: exportBody,
        response: { 202: exportAnswer },
      },
    },
    async (request, reply) => {
      const zone = await hospitalTimeZone(platform.db, request.auth!.hospitalId);
      const prepared = await exports.request(who(request.auth), inHospitalDays(request.body, zone));
      return reply.code(202).send(success({ export: prepared }, 'Preparing the access report'));
    },
  );

  app.get(
    '/audit/access-report/exports/:id',
    {
      config: refusals('access report export'),
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary: 'Whether an access report asked for in the last hour is ready',
        params: exportParams,
        response: { 200: exportAnswer },
      },
    },
    async (request) => {
      const found = await exports.status(who(request.auth), request.params.id);
      if (!found) throw new NotFound(EXPORT_NOT_FOUND);
      return success({ export: found });
    },
  );

  app.get(
    '/audit/access-report/exports/:id/csv',
    {
      config: trailRead('access report CSV', 'handler'),
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary: 'The prepared access report, one line per person and patient',
        params: exportParams,
        response: { 200: csvAnswer('The access report, one line per person and patient') },
      },
    },
    async (request, reply) => {
      const found = await exports.file(who(request.auth), request.params.id);
      if (!found) throw new NotFound(EXPORT_NOT_FOUND);
      if (found.export.status === 'failed') throw new Conflict(EXPORT_FAILED);
      if (found.export.status !== 'ready' || found.csv === null) throw new Conflict(EXPORT_PREPARING);
      // Each patient once, however many people's rows name them: the download's one entry lists them.
      request.auditPatients = found.patientIds;
      const today = await hospitalToday(platform.db, request.auth!.hospitalId);
      return reply.headers(csvHeaders('access-report', today)).send(found.csv);
    },
  );
}
