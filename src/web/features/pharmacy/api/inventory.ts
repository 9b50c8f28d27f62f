import { addMedicationEndpoint, adjustStockEndpoint, receiveStockEndpoint } from '../../../../shared/api/pharmacy';
import { failureOf } from '../../../lib/api-failure';
import { callEndpoint } from '../../../lib/endpoint-client';
import {
  fetchMedicationGroups,
  fetchMedications,
  type Inventory,
  type MedicationGroup,
} from '../../../lib/medication-stock';

export { STOCK_STATUSES, type StockStatus } from '../../../../shared/api/pharmacy';
export type { Inventory, Medication, MedicationGroup } from '../../../lib/medication-stock';

const FETCH_FAILED = 'Failed to fetch inventory';
const FETCH_EXCEPTION = 'An error occurred while fetching inventory';

/** GET /api/inventory/medications: every batch (name, then expiry) and the metrics' counts. */
export async function listMedications(search: string, signal?: AbortSignal): Promise<Inventory> {
  try {
    return await fetchMedications(search, signal);
  } catch (e) {
    throw failureOf(e, FETCH_FAILED, FETCH_EXCEPTION);
  }
}

/** GET /api/inventory/medications/groups: batches of one medication together. */
export async function listMedicationGroups(signal?: AbortSignal): Promise<MedicationGroup[]> {
  try {
    return await fetchMedicationGroups(signal);
  } catch (e) {
    throw failureOf(e, FETCH_FAILED, FETCH_EXCEPTION);
  }
}

type StockWrite = typeof addMedicationEndpoint | typeof receiveStockEndpoint | typeof adjustStockEndpoint;

async function write(e: StockWrite, json: object, what: string, id?: string) {
  try {
    const answer = await callEndpoint(e, { params: id === undefined ? {} : { id }, json });
    return { message: answer.message ?? '', data: answer.data };
  } catch (e) {
    throw failureOf(e, `Failed to ${what}`, `An error occurred while trying to ${what}`);
  }
}

export type NewMedication = {
  name: string;
  batchNumber: string;
  vendor: string;
  expiryDate: string;
  quantity: number;
  reorderLevel: number;
};

/** POST /api/inventory/medications: a new batch in stock. */
export const addMedication = (body: NewMedication) => write(addMedicationEndpoint, body, 'add medication');

/** POST …/{id}/receipts: stock received into a batch. */
export const receiveStock = (id: string, body: { quantity: number; reason: string | null }) =>
  write(receiveStockEndpoint, body, 'receive stock', id);

/** POST …/{id}/adjustments: a signed correction with its reason. */
export const adjustStock = (id: string, body: { quantity: number; reason: string }) =>
  write(adjustStockEndpoint, body, 'adjust stock', id);
