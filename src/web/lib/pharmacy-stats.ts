import { pharmacyStatsEndpoint } from '../../shared/api/dispensing';
import { failureOf } from './api-failure';
import { fetchData } from './endpoint-client';
import type { z } from './zod';

export type PharmacyStats = z.output<typeof pharmacyStatsEndpoint.data>;

/**
 * GET /api/pharmacy/stats: pending prescriptions, items dispensed today and in all, low stock (product-spec-1 §2),
 * all from records. The one client of this endpoint: the pharmacist's dashboard and the admin's pharmacy page.
 * Neither lists the latest dispensations from it (the activity table has its own endpoint), so it asks for one.
 */
export async function fetchPharmacyStats(signal?: AbortSignal): Promise<PharmacyStats> {
  try {
    return await fetchData(pharmacyStatsEndpoint, { searchParams: { recent: 1 }, signal });
  } catch (e) {
    throw failureOf(e, 'Failed to fetch dispensation data');
  }
}
