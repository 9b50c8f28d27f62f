import { request } from '../../../lib/api-client';
import type { z } from '../../../lib/zod';
import { auditReadsEndpoint, type readGroup } from '../../../../shared/api/audit';
import { filterParams, NO_FILTERS, type TrailFilters } from './trail-api';

/** GET /api/audit/reads: the reads folded per person, screen and 10 minutes (issue 34 §4). */
export type ReadGroup = z.infer<typeof readGroup>;

export async function fetchReadGroups(f: TrailFilters, cursor: string | null, signal?: AbortSignal) {
  // The groups take the window, the person, the role and the subject; not the action or the words.
  const params = filterParams(
    { ...NO_FILTERS, from: f.from, to: f.to, actorId: f.actorId, role: f.role, subjectType: f.subjectType },
    cursor ? { cursor } : {},
  );
  const body = await request(`audit/reads?${params}`, { signal, fallback: 'Could not load the reads.' });
  const data = auditReadsEndpoint.response.parse(body).data;
  return { entries: data.groups, nextCursor: data.nextCursor };
}
