import { z } from 'zod';
import { success } from '../../platform/http/envelope';
import { BadRequest } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import type { AuditRouteKit } from './access-report-export-routes';
import { trailCaughtUp } from './caught-up';
import { readGroups } from './read-models/read-groups';
import { auditReadsEndpoint } from '../../shared/api/audit';
import { hospitalTimeZone } from '../hospitals';
import { inHospitalDays, trailFilters } from './schemas';

const BAD_CURSOR = 'This page link is no longer valid; start from the first page';

export const readGroupsQuery = z.object({
  from: trailFilters.from,
  to: trailFilters.to,
  actorId: trailFilters.actorId,
  role: trailFilters.role,
  subjectType: trailFilters.subjectType,
  cursor: z.string().max(40).optional(),
});

/** GET /audit/reads: the trail's reads folded per person, screen and 10 minutes (issue 34 §4). */
export function readGroupRoutes(
  app: HttpApp,
  platform: Platform,
  kit: Pick<AuditRouteKit, 'canAudit' | 'security' | 'tags' | 'trailRead'>,
) {
  app.get(
    auditReadsEndpoint.path,
    {
      // The groups count patients and name none: recorded as a read of the trail with its filters.
      config: kit.trailRead('grouped reads'),
      onRequest: kit.canAudit,
      schema: {
        tags: kit.tags,
        security: kit.security,
        summary:
          'The reads of records, one row per person and screen per 10 minutes ("Viewed the patient list 6 times, 14 patients"), newest first; every read is still its own entry in /audit/events, its CSV and the access report',
        querystring: readGroupsQuery,
        response: { 200: auditReadsEndpoint.response },
      },
    },
    async (request) => {
      const { cursor, ...bounds } = request.query;
      const hospitalId = request.auth!.hospitalId;
      const filters = inHospitalDays(bounds, await hospitalTimeZone(platform.db, hospitalId));
      const before = cursor ? new Date(cursor) : null;
      if (before && Number.isNaN(before.getTime())) {
        throw new BadRequest(BAD_CURSOR, [{ field: 'cursor', message: BAD_CURSOR }]);
      }
      await trailCaughtUp(platform);
      return success(await readGroups(platform.db, hospitalId, filters, before));
    },
  );
}
