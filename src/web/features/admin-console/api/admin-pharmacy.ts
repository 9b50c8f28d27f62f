import { z } from '../../../lib/zod';
import { request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';

const batchSchema = z.object({
  id: z.string(),
  name: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  stockQuantity: z.number(),
  reorderLevel: z.number(),
  status: z.string(),
  expired: z.boolean(),
  expiringSoon: z.boolean(),
});
export type StockBatch = z.infer<typeof batchSchema>;

const inventoryAnswer = z.object({
  data: z.object({
    medications: z.array(batchSchema),
    summary: z.object({ total: z.number(), lowStock: z.number(), outOfStock: z.number(), expiringSoon: z.number() }),
  }),
});
export type StockOverview = z.infer<typeof inventoryAnswer>['data'];
const statsAnswer = z.object({
  data: z.object({ pendingPrescriptions: z.number(), dispensedToday: z.number(), dispensedTotal: z.number() }),
});
export type DispensingCounts = z.infer<typeof statsAnswer>['data'];

/** GET /api/inventory/medications: every batch with its stock status and the summary counts. */
export async function fetchStockOverview(signal?: AbortSignal): Promise<StockOverview> {
  try {
    return inventoryAnswer.parse(await request('/inventory/medications', { signal })).data;
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
