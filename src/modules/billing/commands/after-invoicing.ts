import type { Platform } from '../../../platform/platform';
import { InvoiceNotFound } from '../errors';
import { BILLING_LEDGER } from '../read-models/ledger';
import { BILLING_INVOICING } from '../reactors/invoicing';

/** How long a request for a just-made invoice waits for billing to catch up with the feed. */
const INVOICING_WAIT_MS = 5000;

/**
 * Read-your-writes for invoices raised by billing's reactor: a consultation's answer names its invoice
 * (`invoiceId`, consultations' consultationInvoiceId), and a client that follows it at once must find
 * it. When `work` finds no invoice, this waits until the invoicing reactor has handled every event
 * committed before the request, then until the ledger shows what the reactor wrote, and tries once
 * more. An id that names no invoice still answers 404, after at most that wait.
 */
export async function afterInvoicing<T>(platform: Platform, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof InvoiceNotFound)) throw e;
    const head = await platform.store.headPosition();
    if (!(await platform.waitFor(head, [BILLING_INVOICING], INVOICING_WAIT_MS))) throw e;
    await platform.waitFor(await platform.store.headPosition(), [{ name: BILLING_LEDGER }], INVOICING_WAIT_MS);
    return work();
  }
}
