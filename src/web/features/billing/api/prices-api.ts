import { callEndpoint, fetchData } from '../../../lib/endpoint-client';
import type { z } from '../../../lib/zod';
import { priceInvoiceLineEndpoint, priceListEndpoint, setPricesEndpoint } from '../../../../shared/api/billing';
import { billingError } from './billing-schemas';

export const PRICE_KINDS = ['lab', 'medication', 'service'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

export type PriceList = z.infer<typeof priceListEndpoint.data>;
export type PriceItem = PriceList['items'][number];

/** One price to set: a lab test by its code, a medication or service by its name; naira as typed. */
export type PriceInput = { kind: PriceKind; name: string; code?: string | null; price: string };

/** GET /api/billing/price-list: every lab test, formulary medication and service with its price. */
export async function getPriceList(signal?: AbortSignal): Promise<PriceList> {
  try {
    return await fetchData(priceListEndpoint, { signal });
  } catch (e) {
    throw billingError(e, 'Failed to fetch the price list');
  }
}

/** PUT /api/billing/price-list: one price from the screen, or many from a CSV; each change is an event. */
export async function setPrices(items: PriceInput[]) {
  try {
    return await callEndpoint(setPricesEndpoint, { json: { items } });
  } catch (e) {
    throw billingError(e, 'Failed to save prices');
  }
}

/** POST /api/billing/invoices/{id}/lines/{lineId}/price: the accountant prices a ₦0 line. */
export async function priceInvoiceLine(invoiceId: string, lineId: string, unitPrice: string) {
  try {
    const params = { id: invoiceId, lineId };
    return (await fetchData(priceInvoiceLineEndpoint, { params, json: { unitPrice } })).invoice;
  } catch (e) {
    throw billingError(e, 'Failed to price the line');
  }
}
