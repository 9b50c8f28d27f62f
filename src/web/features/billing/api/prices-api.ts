import { request } from '../../../lib/api-client';
import { z } from '../../../lib/zod';
import { billingError, invoiceDetailSchema } from './billing-schemas';

export const PRICE_KINDS = ['lab', 'medication', 'service'] as const;
export type PriceKind = (typeof PRICE_KINDS)[number];

const priceItem = z.object({
  kind: z.enum(PRICE_KINDS),
  key: z.string(),
  name: z.string(),
  detail: z.string(),
  priceKobo: z.number().nullable(),
});
export type PriceItem = z.infer<typeof priceItem>;
const priceList = z.object({
  items: z.array(priceItem),
  unpriced: z.object({ labTests: z.number(), medications: z.number() }),
});
export type PriceList = z.infer<typeof priceList>;

/** One price to set: a lab test by its code, a medication or service by its name; naira as typed. */
export type PriceInput = { kind: PriceKind; name: string; code?: string | null; price: string };

/** GET /api/billing/price-list: every lab test, formulary medication and service with its price. */
export async function getPriceList(signal?: AbortSignal): Promise<PriceList> {
  try {
    return z.object({ data: priceList }).parse(await request('/billing/price-list', { signal })).data;
  } catch (e) {
    throw billingError(e, 'Failed to fetch the price list');
  }
}

/** PUT /api/billing/price-list: one price from the screen, or many from a CSV; each change is an event. */
export async function setPrices(items: PriceInput[]) {
  try {
    const answer = await request('/billing/price-list', { method: 'put', json: { items } });
    return z.object({ message: z.string().optional(), data: priceList.extend({ changed: z.number() }) }).parse(answer);
  } catch (e) {
    throw billingError(e, 'Failed to save prices');
  }
}

/** POST /api/billing/invoices/{id}/lines/{lineId}/price: the accountant prices a ₦0 line. */
export async function priceInvoiceLine(invoiceId: string, lineId: string, unitPrice: string) {
  try {
    const url = `/billing/invoices/${encodeURIComponent(invoiceId)}/lines/${encodeURIComponent(lineId)}/price`;
    const answer = await request(url, { method: 'post', json: { unitPrice } });
    return z.object({ data: z.object({ invoice: invoiceDetailSchema }) }).parse(answer).data.invoice;
  } catch (e) {
    throw billingError(e, 'Failed to price the line');
  }
}
