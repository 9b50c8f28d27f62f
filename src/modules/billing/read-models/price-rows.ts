import type { RecordedEvent } from '../../../platform/event-store/port';
import type { Trx } from '../../../platform/projections/projection';
import { formatNaira } from '../../../shared/money';
import type { PriceSet } from '../events';
import { activity } from './ledger-rows';

/** How a price is found again: a medication or service by its name in any case, a lab test by its code. */
export function priceKey(kind: PriceSet['data']['kind'], nameOrCode: string) {
  return kind === 'lab' ? nameOrCode.trim().toUpperCase() : nameOrCode.trim().toLowerCase();
}

/** One price set: the row holds it (idempotent: the same event twice leaves the same row). */
export async function projectPriceSet(trx: Trx, event: RecordedEvent<PriceSet>) {
  const d = event.data;
  await trx
    .insertInto('billing_prices')
    .values({ hospital_id: d.hospitalId, kind: d.kind, key: d.key, name: d.name, price_kobo: d.toKobo })
    .onConflict((oc) => oc.columns(['hospital_id', 'kind', 'key']).doUpdateSet({ name: d.name, price_kobo: d.toKobo }))
    .execute();
  const from = d.fromKobo === null ? 'no price' : formatNaira(d.fromKobo);
  await activity(trx, event, 'Price Set', `${d.name}: ${from} → ${formatNaira(d.toKobo)}`);
}
