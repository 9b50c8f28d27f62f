import { dispensationsEndpoint } from '../../../../shared/api/dispensing';
import { failureOf } from '../../../lib/api-failure';
import { callEndpoint } from '../../../lib/endpoint-client';
import type { z } from '../../../lib/zod';

export type DispensationsPage = z.output<typeof dispensationsEndpoint.response>;
export type Dispensation = DispensationsPage['data'][number];

/** GET /api/pharmacy/dispensations: who received which medications, newest first. */
export async function fetchDispensations(
  query: { page: number; limit: number },
  signal?: AbortSignal,
): Promise<DispensationsPage> {
  try {
    return await callEndpoint(dispensationsEndpoint, { searchParams: query, signal });
  } catch (e) {
    throw failureOf(e, 'Failed to fetch dispensation data');
  }
}
