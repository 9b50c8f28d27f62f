import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';
import { fetchMedications, type Inventory, type Medication } from '../../../lib/medication-stock';

export type StockBatch = Medication;
export type StockOverview = Inventory;
const statsAnswer = z.object({
  data: z.object({ pendingPrescriptions: z.number(), dispensedToday: z.number(), dispensedTotal: z.number() }),
});
export type DispensingCounts = z.infer<typeof statsAnswer>['data'];

/** GET /api/inventory/medications: every batch with its stock status and the summary counts. */
export async function fetchStockOverview(signal?: AbortSignal): Promise<StockOverview> {
  try {
    return await fetchMedications('', signal);
  } catch (e) {
    throw failureOf(e, 'Failed to fetch inventory');
  }
}

/** GET /api/pharmacy/stats: pending prescriptions and dispensing today. */
export async function fetchDispensingCounts(signal?: AbortSignal): Promise<DispensingCounts> {
  try {
    return statsAnswer.parse(await request('/pharmacy/stats', { searchParams: { recent: 1 }, signal })).data;
  } catch (e) {
    throw failureOf(e, 'Failed to fetch dispensation data');
  }
}
