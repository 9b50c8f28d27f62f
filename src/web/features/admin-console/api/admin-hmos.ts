import { z } from '../../../lib/zod';
import { ApiError, request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';

const hmoSchema = z.object({ id: z.string(), name: z.string() }).passthrough();
export type Hmo = z.infer<typeof hmoSchema>;
const answer = z.object({ data: z.union([z.array(hmoSchema), z.object({ hmos: z.array(hmoSchema) })]) });

/** GET /api/billing/hmos: the hospital's HMO providers; null while this server has no such endpoint (404). */
export async function fetchHmos(signal?: AbortSignal): Promise<Hmo[] | null> {
  try {
    const data = answer.parse(await request('/billing/hmos', { signal })).data;
    return Array.isArray(data) ? data : data.hmos;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw failureOf(e, 'Failed to fetch HMO providers');
  }
}
