import type { Decider } from '../../platform/event-store/command-handler';
import type { PriceListUpdated, ReceiptNumberIssued } from './events';

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

export const priceListDecider: Decider<SetPriceList, PriceListUpdated, null> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => [{ type: 'PriceListUpdated', data: command.prices }],
};
