import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import type { PriceListUpdated } from '../events';
import { priceListDecider, priceListStream, type SetPrices } from '../hospital-ledgers';
import { BILLING_LEDGER } from '../read-models/ledger';
import { getPriceList, priceList } from '../read-models/prices';
import { onInvoice } from './invoices';

/** Replaces the hospital's price list (PUT); answers it as it now stands. */
export async function setPriceList(
  platform: Platform,
  metadata: EventMetadata,
  prices: Omit<PriceListUpdated['data'], 'hospitalId'>,
) {
  const { hospitalId } = metadata;
  await platform.execute(
    priceListDecider,
    priceListStream(hospitalId),
    { type: 'SetPriceList', prices: { hospitalId, ...prices } },
    metadata,
    { waitFor: [{ name: BILLING_LEDGER }] },
  );
  return getPriceList(platform.db, hospitalId);
}

/**
 * Sets items' prices (issue 34 §1): one PriceSet per price that changes, from what it was to what it
 * is, so the audit log can say who changed which price from what to what. Answers how many changed.
 */
export async function changePrices(platform: Platform, metadata: EventMetadata, items: SetPrices['items']) {
  const { hospitalId } = metadata;
  const { events } = await platform.execute(
    priceListDecider,
    priceListStream(hospitalId),
    { type: 'SetPrices', hospitalId, items },
    metadata,
    { waitFor: [{ name: BILLING_LEDGER }] },
  );
  return events.length;
}

/** Sets items' prices and answers the Price list as it now stands. */
export async function setPrices(platform: Platform, metadata: EventMetadata, items: SetPrices['items']) {
  const changed = await changePrices(platform, metadata, items);
  return { items: await priceList(platform.db, metadata.hospitalId), changed };
}

/** The accountant prices a ₦0 line of an invoice; the invoice's total and balance follow. */
export const priceInvoiceLine = (
  platform: Platform,
  metadata: EventMetadata,
  invoiceId: string,
  lineId: string,
  unitPriceKobo: number,
) =>
  onInvoice(platform, metadata, {
    type: 'PriceInvoiceLine',
    invoiceId,
    hospitalId: metadata.hospitalId,
    lineId,
    unitPriceKobo,
  });
