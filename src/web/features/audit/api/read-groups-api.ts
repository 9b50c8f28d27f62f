import { request } from '../../../lib/api-client';
import { z } from '../../../lib/zod';
import { filterParams, NO_FILTERS, type TrailFilters } from './trail-api';

/** GET /api/audit/reads: the reads folded per person, screen and 10 minutes (issue 34 §4). */
const readGroup = z.object({
  actor: z.object({ id: z.string(), name: z.string(), role: z.string() }),
  subjectType: z.string(),
  what: z.string(),
  list: z.boolean(),
  times: z.number(),
  patients: z.number(),
  firstAt: z.string(),
  lastAt: z.string(),
  summary: z.string(),
});
export type ReadGroup = z.infer<typeof readGroup>;

const answer = z.object({ data: z.object({ groups: z.array(readGroup), nextCursor: z.string().nullable() }) });

export async function fetchReadGroups(f: TrailFilters, cursor: string | null, signal?: AbortSignal) {
  // The groups take the window, the person, the role and the subject; not the action or the words.
  const params = filterParams(
    { ...NO_FILTERS, from: f.from, to: f.to, actorId: f.actorId, role: f.role, subjectType: f.subjectType },
    cursor ? { cursor } : {},
  );
  const body = await request(`audit/reads?${params}`, { signal, fallback: 'Could not load the reads.' });
  const data = answer.parse(body).data;
  return { entries: data.groups, nextCursor: data.nextCursor };
}
