import { failureOf } from '../../../lib/api-failure';
import { fetchData, callEndpoint } from '../../../lib/endpoint-client';
import {
  medicationPricesEndpoint,
  setMedicationPriceEndpoint,
  type MedicationPrice,
} from '../../../../shared/api/prices';

export type { MedicationPrice };

/** GET /api/inventory/prices: each medication of the formulary with its price (kobo) or null. */
export async function listMedicationPrices(signal?: AbortSignal): Promise<MedicationPrice[]> {
  try {
    return (await fetchData(medicationPricesEndpoint, { signal })).medications;
  } catch (e) {
    throw failureOf(e, 'Failed to fetch medication prices', 'An error occurred while fetching medication prices');
  }
}

/** PUT /api/inventory/prices: a medication's price by its name, naira as typed; answers the server's message. */
export async function setMedicationPrice(name: string, price: string): Promise<string> {
  try {
    return (await callEndpoint(setMedicationPriceEndpoint, { json: { name, price } })).message ?? 'Price saved';
  } catch (e) {
    throw failureOf(e, 'Failed to save the price', 'An error occurred while saving the price');
  }
}

/** A medication's price as the list holds it (by name, any case), or null when it has none or is new. */
export function priceOf(prices: readonly MedicationPrice[] | undefined, name: string): number | null {
  const key = name.trim().toLowerCase();
  return prices?.find((p) => p.key === key)?.priceKobo ?? null;
}
