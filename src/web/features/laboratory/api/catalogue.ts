import { failureOf } from '../../../lib/api-failure';
import { callEndpoint, fetchData } from '../../../lib/endpoint-client';
import { labCatalogueEndpoint, setLabTestPriceEndpoint, type LabTestPrice } from '../../../../shared/api/prices';

export type { LabTestPrice };

/** GET /api/lab/catalogue: the lab's tests, each with its price (kobo) or null. */
export async function listLabCatalogue(signal?: AbortSignal): Promise<LabTestPrice[]> {
  try {
    return (await fetchData(labCatalogueEndpoint, { signal })).tests;
  } catch (e) {
    throw failureOf(e, 'Failed to fetch the lab catalogue', 'An error occurred while fetching the lab catalogue');
  }
}

/** PUT /api/lab/catalogue/{code}/price: a test's price, naira as typed. */
export async function setLabTestPrice(code: string, price: string): Promise<void> {
  try {
    await callEndpoint(setLabTestPriceEndpoint, { params: { code }, json: { price } });
  } catch (e) {
    throw failureOf(e, 'Failed to save the price', 'An error occurred while saving the price');
  }
}
