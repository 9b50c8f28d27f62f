import type { z } from '../../../lib/zod';
import { ApiError } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';
import { fetchData } from '../../../lib/endpoint-client';
import { hmosEndpoint } from '../../../../shared/api/billing';

export type Hmo = z.infer<typeof hmosEndpoint.data>['hmos'][number];

/** GET /api/billing/hmos: the hospital's HMO providers; null while this server has no such endpoint (404). */
export async function fetchHmos(signal?: AbortSignal): Promise<Hmo[] | null> {
  try {
    return (await fetchData(hmosEndpoint, { signal })).hmos;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw failureOf(e, 'Failed to fetch HMO providers');
  }
}
