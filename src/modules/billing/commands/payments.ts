import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import { reserveUnique, uniqueHolder } from '../../../platform/event-store/unique-reservation';
import type { Platform } from '../../../platform/platform';
import { receiptNumber } from '../../../shared/money';
import { invoiceDecider } from '../decider';
import { IdempotencyKeyReused, InvoiceNotFound, PaymentNotFound } from '../errors';
import type { PaymentMethod } from '../events';
import { receiptCounterDecider, receiptCounterStream } from '../hospital-ledgers';
import { invoiceStream } from '../invoice';
import { BILLING_LEDGER } from '../read-models/ledger';
import { findInvoice, findPayment, type PaymentView } from '../read-models/invoice-queries';

export type PaymentInput = {
  amountKobo: number;
  method: PaymentMethod;
  reference: string | null;
  idempotencyKey: string | null;
};

const keyScope = (hospitalId: string) => `billing-payment-key-${hospitalId}`;

/** Someone (a retry of this very request) holds the key: answer with what it made. */
class KeyHeld extends Error {}

/**
 * Whether the payment a key made is the one this request asks for: the same invoice and the same
 * body as parsed (amount in kobo, method, reference), which the payment records in full. So '300'
 * and 300.00 are one request, and a different amount, method or reference is another.
 */
function sameRequest(payment: PaymentView, invoiceId: string, input: PaymentInput): boolean {
  return (
    payment.invoiceId === invoiceId &&
    payment.amountKobo === input.amountKobo &&
    payment.method === input.method &&
    payment.reference === input.reference
  );
}

async function replay(platform: Platform, metadata: EventMetadata, invoiceId: string, input: PaymentInput) {
  const key = input.idempotencyKey!;
  const paymentId = await uniqueHolder(platform.store, keyScope(metadata.hospitalId), key);
  if (!paymentId) return null;
  await platform.waitFor(await platform.store.headPosition(), [{ name: BILLING_LEDGER }]);
  const payment = await findPayment(platform.db, metadata.hospitalId, paymentId);
  if (!payment) throw new PaymentNotFound();
  if (!sameRequest(payment, invoiceId, input)) throw new IdempotencyKeyReused(key);
  return payment;
}

/**
 * Records a payment against an invoice with the hospital's next receipt number, in one commit:
 * the invoice's PaymentRecorded, the receipt counter's ReceiptNumberIssued and, with an
 * Idempotency-Key, the key's reservation. A retried request (same key) records nothing and gets
 * the first answer back (`replayed`); the key used for a different request (another invoice, amount,
 * method or reference) is refused (422) and records nothing. Payments
 * of one hospital conflict on the counter and retry, so numbers never repeat or skip.
 */
export async function recordPayment(
  platform: Platform,
  metadata: EventMetadata,
  invoiceId: string,
  input: PaymentInput,
) {
  const { hospitalId } = metadata;
  const key = input.idempotencyKey;
  if (key) {
    const earlier = await replay(platform, metadata, invoiceId, input);
    if (earlier) return { payment: earlier, replayed: true };
  }
  const paymentId = randomUUID();
  try {
    await platform.transact(
      metadata,
      async (uow) => {
        const invoice = await uow.load(invoiceDecider, invoiceStream(invoiceId));
        // The counter's state is its last event: read that one, however many receipts came before.
        const counter = await uow.load(receiptCounterDecider, receiptCounterStream(hospitalId), { latestOnly: true });
        uow.decide(invoice, {
          type: 'RecordPayment',
          invoiceId,
          hospitalId,
          paymentId,
          ...input,
          receiptNumber: receiptNumber(counter.state.last + 1),
          idempotencyKey: key,
        });
        uow.decide(counter, { type: 'IssueReceipt', hospitalId, paymentId, invoiceId });
        if (key) {
          await reserveUnique(
            uow,
            { scope: keyScope(hospitalId), value: key, ownerId: paymentId },
            () => new KeyHeld(),
          );
        }
      },
      // Every payment of the hospital moves the one counter: busy desks retry rather than fail.
      { retries: 30, waitFor: [{ name: BILLING_LEDGER }] },
    );
  } catch (e) {
    if (!(e instanceof KeyHeld) || !key) throw e;
    const earlier = await replay(platform, metadata, invoiceId, input);
    if (earlier) return { payment: earlier, replayed: true };
    throw e;
  }
  const payment = await findPayment(platform.db, hospitalId, paymentId);
  if (!payment) throw new InvoiceNotFound();
  return { payment, replayed: false };
}

export async function invoiceWithPayments(platform: Platform, hospitalId: string, invoiceId: string) {
  const invoice = await findInvoice(platform.db, hospitalId, invoiceId);
  if (!invoice) throw new InvoiceNotFound();
  return invoice;
}
