import type { Decider } from '../../platform/event-store/command-handler';
import type { PriceKind, PriceListUpdated, PriceSet, ReceiptNumberIssued } from './events';

/**
 * The hospital-wide billing streams: the receipt counter `billing-receipts-<hospitalId>` (receipt
 * numbers run RCT-000001, RCT-000002 … per hospital, without gaps: each payment moves it in its
 * own commit, so two concurrent payments conflict and one retries with the next number) and the
 * price list `billing-prices-<hospitalId>`. Each ReceiptNumberIssued carries the number reached, so
 * the counter's state is its last event alone: a payment reads that one event (`latestOnly`), and
 * the cost of a payment does not grow with the hospital's count of receipts.
 */
export const receiptCounterStream = (hospitalId: string) => `billing-receipts-${hospitalId}`;
export const priceListStream = (hospitalId: string) => `billing-prices-${hospitalId}`;

export type IssueReceipt = { type: 'IssueReceipt'; hospitalId: string; paymentId: string; invoiceId: string };

export const receiptCounterDecider: Decider<IssueReceipt, ReceiptNumberIssued, { last: number }> = {
  initialState: () => ({ last: 0 }),
  evolve: (state, event) => (event.type === 'ReceiptNumberIssued' ? { last: event.data.number } : state),
  decide: (command, state) => [
    {
      type: 'ReceiptNumberIssued',
      data: {
        hospitalId: command.hospitalId,
        number: state.last + 1,
        paymentId: command.paymentId,
        invoiceId: command.invoiceId,
      },
    },
  ],
};

export type SetPriceList = { type: 'SetPriceList'; prices: PriceListUpdated['data'] };
/** Items' prices, one by one (the Price list screen, its CSV import, the invoice): one PriceSet per change. */
export type SetPrices = {
  type: 'SetPrices';
  hospitalId: string;
  items: { kind: PriceKind; key: string; name: string; priceKobo: number }[];
};

/** The hospital's prices as they stand, by `<kind>:<key>`: what a change is "from". */
export type PriceState = ReadonlyMap<string, number>;
const slot = (kind: PriceKind, key: string) => `${kind}:${key}`;

function evolvePrices(state: PriceState, event: PriceListUpdated | PriceSet): PriceState {
  switch (event.type) {
    case 'PriceListUpdated': {
      const next = new Map([...state].filter(([k]) => k.startsWith('service:')));
      for (const m of event.data.medications) next.set(slot('medication', m.name.trim().toLowerCase()), m.priceKobo);
      for (const t of event.data.labTests) next.set(slot('lab', t.code.toUpperCase()), t.priceKobo);
      return next;
    }
    case 'PriceSet':
      return new Map(state).set(slot(event.data.kind, event.data.key), event.data.toKobo);
    default:
      return state;
  }
}

export const priceListDecider: Decider<SetPriceList | SetPrices, PriceListUpdated | PriceSet, PriceState> = {
  initialState: () => new Map(),
  evolve: evolvePrices,
  decide: (command, state) => {
    if (command.type === 'SetPriceList') return [{ type: 'PriceListUpdated', data: command.prices }];
    const events: PriceSet[] = [];
    const seen = new Map(state);
    for (const item of command.items) {
      const from = seen.get(slot(item.kind, item.key)) ?? null;
      if (from === item.priceKobo) continue;
      seen.set(slot(item.kind, item.key), item.priceKobo);
      events.push({
        type: 'PriceSet',
        data: { hospitalId: command.hospitalId, ...item, fromKobo: from, toKobo: item.priceKobo },
      });
    }
    return events;
  },
};
