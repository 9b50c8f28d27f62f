import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import type { PriceListUpdated } from '../events';
import { priceListDecider, priceListStream } from '../hospital-ledgers';
import { BILLING_LEDGER } from '../read-models/ledger';
import { getPriceList } from '../read-models/prices';

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
