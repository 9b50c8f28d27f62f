import { csvAnswer } from '../../platform/http/csv';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { patientIdsIn, type AccessAudit } from '../../platform/http/access-trail';
import { ok, success } from '../../platform/http/envelope';
import { BadRequest, NotFound } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import { hospitalTimeZone, hospitalToday } from '../hospitals';
import { accessReportExportRoutes } from './access-report-export-routes';
import { readGroupRoutes } from './read-group-routes';
import { accessReport } from './read-models/access-report';
import {
  decodeCursor,
  TRAIL_CSV_HEADER,
  trailCsvLine,
  trailEntry,
  trailPage,
  trailRows,
} from './read-models/trail-queries';
import { accessReportQuery, accessReportRow, inHospitalDays, trailCsvQuery, trailQuery } from './schemas';
import {
  auditActorsEndpoint,
  auditEventEndpoint,
  auditEventsEndpoint,
  auditVerifyEndpoint,
} from '../../shared/api/audit';
import { auditAnchorOf } from './anchoring/anchor';
import { trailCaughtUp } from './caught-up';
import { verifyCheckpoints } from './anchoring/verify-checkpoints';
import { trailLag, verifyChain } from './verify';

/** Who may read the trail: the hospital's admin and its compliance officers (read-only). */
export const AUDIT_ROLES = ['admin', 'compliance_officer'] as const;
export const AUDIT_DENIED = 'Access denied. You do not have permission to view the audit trail.';
export const VERIFY_UNSUPPORTED =
  'Integrity verification needs the PostgreSQL event store (EVENT_STORE=postgres); this server keeps events in EventStoreDB.';
const BAD_CURSOR = 'This page link is no longer valid; start from the first page';

/** A CSV download named by the hospital's day (in its time zone). */
const csvHeaders = (name: string, today: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}-${today}.csv"`,
  'cache-control': 'no-store',
});

/**
 * The patients a page of the trail (or one entry) is about. A refusal's subject is an id the caller
 * asked for (another hospital's, or none at all), not a record the trail shows, so it is left out.
 */
function patientsOfEntries(answer: unknown): string[] {
  type Entry = { eventType?: string; subject?: { type: string; id: string | null } | null } | undefined;
  const data = (answer as { data?: { entries?: unknown[] } }).data;
  const entries = (data?.entries ?? [data]) as Entry[];
  return entries.flatMap((e) =>
    e?.subject?.type === 'patient' && e.subject.id && e.eventType !== 'AccessRefused' ? [e.subject.id] : [],
  );
}

export function auditRoutes(app: HttpApp, platform: Platform) {
  const canAudit = platform.auth(AUDIT_ROLES, AUDIT_DENIED);
  const security = [{ bearer: [] }];
  const tags = ['Audit'];
  const refusals = (what: string) => ({ accessModule: 'audit', audit: { subject: 'audit', what, reads: false } });
  // The trail names patients too: reading it is in the trail, with the patients its entries are about.
  const trailRead = (what: string, patientIds?: AccessAudit['patientIds']) => ({
    accessModule: 'audit',
    audit: { subject: 'audit', what, ...(patientIds ? { patientIds } : {}) },
  });

  app.get(
    auditEventsEndpoint.path,
    {
      config: trailRead('trail', patientsOfEntries),
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary: 'The audit trail, newest first, 50 a page by default; `nextCursor` fetches the next page',
        querystring: trailQuery,
        response: { 200: auditEventsEndpoint.response },
      },
    },
    async (request) => {
      const { cursor: rawCursor, limit, ...bounds } = request.query;
      const hospitalId = request.auth!.hospitalId;
      const filters = inHospitalDays(bounds, await hospitalTimeZone(platform.db, hospitalId));
      const cursor = rawCursor ? decodeCursor(rawCursor) : null;
      if (rawCursor && !cursor) throw new BadRequest(BAD_CURSOR, [{ field: 'cursor', message: BAD_CURSOR }]);
      await trailCaughtUp(platform);
      return success(await trailPage(platform.db, hospitalId, filters, cursor, limit));
    },
  );

  app.get(
    '/audit/events.csv',
    {
      // Streamed: recorded with its filters; the patients it names are not known before it is sent.
      config: trailRead('trail export'),
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary: 'The filtered trail as CSV, streamed',
        querystring: trailCsvQuery,
        response: { 200: csvAnswer('The trail, one line per entry, oldest first') },
      },
    },
    async (request, reply) => {
      await trailCaughtUp(platform);
      const hospitalId = request.auth!.hospitalId;
      const db = platform.db;
      const filters = inHospitalDays(request.query, await hospitalTimeZone(db, hospitalId));
      async function* lines() {
        yield TRAIL_CSV_HEADER.join(',') + '\r\n';
        for await (const chunk of trailRows(db, hospitalId, filters)) {
          yield chunk.map(trailCsvLine).join('\r\n') + '\r\n';
        }
      }
      // A stream is sent as it comes; the response schema only documents it as text.
      return reply
        .headers(csvHeaders('audit-trail', await hospitalToday(db, hospitalId)))
        .send(Readable.from(lines()) as never);
    },
  );

  app.get(
    auditEventEndpoint.path,
    {
      config: trailRead('trail entry', patientsOfEntries),
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary: "One entry with its event's data (credentials left out) and its place in the chain",
        params: auditEventEndpoint.params,
        response: { 200: auditEventEndpoint.response },
      },
    },
    async (request) => {
      await trailCaughtUp(platform);
      const entry = /^[0-9a-f-]{36}$/i.test(request.params.id)
        ? await trailEntry(platform.db, request.auth!.hospitalId, request.params.id)
        : null;
      if (!entry) throw new NotFound('Audit entry not found');
      return success(entry);
    },
  );

  app.get(
    auditActorsEndpoint.path,
    {
      config: refusals('actors'),
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary: 'Everyone who appears in the trail, for the actor filter',
        response: { 200: auditActorsEndpoint.response },
      },
    },
    async (request) => {
      const rows = await platform.db
        .selectFrom('audit_actors')
        .select(['actor_id as id', 'name', 'role'])
        .where('hospital_id', '=', request.auth!.hospitalId)
        .orderBy('name')
        .limit(1000)
        .execute();
      return success({ actors: rows });
    },
  );

  app.get(
    auditVerifyEndpoint.path,
    {
      config: refusals('verification'),
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary:
          "Recomputes the hospital's hash chain from the stored events and checks it against the signed checkpoints: ok with the count, or the first broken entry and the first checkpoint that no longer matches",
        response: { 200: auditVerifyEndpoint.response },
      },
    },
    async (request) => {
      // The chain seals events as the PostgreSQL `events` table stores them; EventStoreDB keeps
      // its own log, which this does not read.
      if (platform.store.name !== 'postgres') {
        return success({ ok: false, checked: 0, headHash: null, unsupported: VERIFY_UNSUPPORTED });
      }
      const head = await trailCaughtUp(platform);
      const hospitalId = request.auth!.hospitalId;
      let lag = head === null ? null : await trailLag(platform.db, hospitalId, head[1]);
      // An event of a transaction that committed just now may be counted before its entry is written:
      // give the trail one more moment before calling it behind.
      if (head && lag && lag.behind > 0 && (await trailCaughtUp(platform))) {
        lag = await trailLag(platform.db, hospitalId, head[1]);
      }
      const chain = await verifyChain(platform.db, hospitalId);
      const anchor = auditAnchorOf(platform)!;
      const signed = await verifyCheckpoints(platform.db, anchor, hospitalId);
      const anchored = { checkpoints: signed.checkpoints, last: signed.last };
      const lagging = lag !== null && lag.behind > 0;
      const answer = { ...chain, ok: chain.ok && !lagging, ...(lag ? { lag } : {}), anchored };
      if (!signed.broken) return success(answer);
      return success({ ...answer, ok: false, checkpoint: signed.broken });
    },
  );

  app.get(
    '/audit/access-report',
    {
      config: trailRead('access report', patientIdsIn),
      onRequest: canAudit,
      schema: {
        tags,
        security,
        summary: 'Who accessed which patients in a window (reads, writes, refusals per person and patient)',
        querystring: accessReportQuery,
        response: { 200: ok(z.object({ rows: z.array(accessReportRow) })) },
      },
    },
    async (request) => {
      await trailCaughtUp(platform);
      const hospitalId = request.auth!.hospitalId;
      const query = inHospitalDays(request.query, await hospitalTimeZone(platform.db, hospitalId));
      return success({ rows: await accessReport(platform.db, hospitalId, query) });
    },
  );

  accessReportExportRoutes(app, platform, { canAudit, security, tags, refusals, trailRead, csvHeaders });
  readGroupRoutes(app, platform, { canAudit, security, tags, trailRead });
}
