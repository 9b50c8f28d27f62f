import { request } from '../../../lib/api-client';
import { failureOf } from '../../../lib/api-failure';
import { z } from '../../../lib/zod';

export const STOCK_STATUSES = ['In Stock', 'Low Stock', 'Out of Stock'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

const medicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  batchNumber: z.string(),
  vendor: z.string(),
  expiryDate: z.string(),
  stockQuantity: z.number(),
  reorderLevel: z.number(),
  status: z.enum(STOCK_STATUSES),
  expired: z.boolean(),
  expiringSoon: z.boolean(),
});
export type Medication = z.infer<typeof medicationSchema>;

const inventoryAnswer = z.object({
  data: z.object({
    medications: z.array(medicationSchema),
    summary: z.object({
      total: z.number(),
      inStock: z.number(),
      lowStock: z.number(),
      outOfStock: z.number(),
      expiringSoon: z.number(),
    }),
  }),
});
export type Inventory = z.infer<typeof inventoryAnswer>['data'];

const groupSchema = z.object({
  name: z.string(),
  batches: z.number(),
  stockQuantity: z.number(),
  reorderLevel: z.number(),
  nextExpiry: z.string().nullable(),
  status: z.enum(STOCK_STATUSES),
});
export type MedicationGroup = z.infer<typeof groupSchema>;

const FETCH_FAILED = 'Failed to fetch inventory';
const FETCH_EXCEPTION = 'An error occurred while fetching inventory';

/** GET /api/inventory/medications: every batch (name, then expiry) and the metrics' counts. */
export async function listMedications(search: string, signal?: AbortSignal): Promise<Inventory> {
  const searchParams = search ? { search } : undefined;
  try {
    return inventoryAnswer.parse(await request('/inventory/medications', { searchParams, signal })).data;
  } catch (e) {
    throw failureOf(e, FETCH_FAILED, FETCH_EXCEPTION);
  }
}

/** GET /api/inventory/medications/groups: batches of one medication together. */
export async function listMedicationGroups(signal?: AbortSignal): Promise<MedicationGroup[]> {
  const answer = z.object({ data: z.object({ groups: z.array(groupSchema) }) });
  try {
    return answer.parse(await request('/inventory/medications/groups', { signal })).data.groups;
  } catch (e) {
    throw failureOf(e, FETCH_FAILED, FETCH_EXCEPTION);
  }
}

const written = z.object({ message: z.string(), data: z.object({ medication: medicationSchema }) });

async function write(path: string, json: object, what: string) {
  try {
    return written.parse(await request(path, { method: 'post', json }));
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
export const addMedication = (body: NewMedication) => write('/inventory/medications', body, 'add medication');

const medicationPath = (id: string, what: string) => `/inventory/medications/${encodeURIComponent(id)}/${what}`;

/** POST …/{id}/receipts: stock received into a batch. */
export const receiveStock = (id: string, body: { quantity: number; reason: string | null }) =>
  write(medicationPath(id, 'receipts'), body, 'receive stock');

/** POST …/{id}/adjustments: a signed correction with its reason. */
export const adjustStock = (id: string, body: { quantity: number; reason: string }) =>
  write(medicationPath(id, 'adjustments'), body, 'adjust stock');
