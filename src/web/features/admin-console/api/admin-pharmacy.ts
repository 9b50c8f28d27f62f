import { failureOf } from '../../../lib/api-failure';
import { fetchMedications, type Inventory, type Medication } from '../../../lib/medication-stock';

export type StockBatch = Medication;
export type StockOverview = Inventory;

/** GET /api/inventory/medications: every batch with its stock status and the summary counts. */
export async function fetchStockOverview(signal?: AbortSignal): Promise<StockOverview> {
  try {
    return await fetchMedications('', signal);
  } catch (e) {
    throw failureOf(e, 'Failed to fetch inventory');
  }
}
