import { sql } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/port';
import type { Trx } from '../../../platform/projections/projection';
import type { InvoiceRaised, PaymentRecorded } from '../events';
import { invoiceStatus } from '../invoice';
import { insertActivity, paymentActivity, paymentRow, raisedActivity, raisedRow, zonesOf } from './ledger-rows';

/**
 * The ledger's batch handlers for the two events that are most of a hospital's billing: a few
 * statements per run of one type (a page of a rebuild, a burst in one group commit), leaving the
 * tables exactly as the handlers one by one would. Runs come layer by layer (see
 * `independentStreams`), so a run never holds two events of one invoice.
 */
const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;
/** Rows a statement: the invoices' 21 columns stay under PostgreSQL's 65 535 parameters. */
const ROWS_PER_INSERT = 2000;

export async function insertRaised(trx: Trx, events: RecordedEvent<InvoiceRaised>[]): Promise<void> {
  for (let i = 0; i < events.length; i += ROWS_PER_INSERT) {
    const part = events.slice(i, i + ROWS_PER_INSERT);
    const zones = await zonesOf(trx, part);
    const inserted = await trx
      .insertInto('billing_invoices')
      .values(part.map((e, j) => raisedRow(e, zones[j]!)))
      .onConflict((oc) => oc.column('invoice_id').doNothing())
      .returning('invoice_id')
      .execute();
    // Only a new invoice has its line of activity, as one by one.
    const fresh = new Set(inserted.map((r) => r.invoice_id));
    await insertActivity(trx, part.filter((e) => fresh.has(e.data.invoiceId)).map(raisedActivity));
  }
}

/**
 * Payments on distinct invoices: the invoices read and locked in one statement, each moved on as
 * `updateInvoice` moves it, then one update, one insert of the payments and one of the activity.
 */
export async function recordPayments(trx: Trx, events: RecordedEvent<PaymentRecorded>[]): Promise<void> {
  const { rows } = await sql<{ invoice_id: string; total_kobo: string; paid_kobo: string; status: string }>`
    select i.invoice_id, i.total_kobo, i.paid_kobo, i.status
      from billing_invoices i
      join unnest(${events.map((e) => e.data.invoiceId)}::text[], ${events.map(versionAfter)}::int[])
           as v(invoice_id, version) using (invoice_id)
     where i.version < v.version
       for update of i`.execute(trx);
  const found = new Map(rows.map((r) => [r.invoice_id, r]));
  const done = events.filter((e) => found.has(e.data.invoiceId));
  if (done.length === 0) return;
  const paid = done.map((e) => Number(found.get(e.data.invoiceId)!.paid_kobo) + e.data.amountKobo);
  const status = done.map((e, i) => {
    const row = found.get(e.data.invoiceId)!;
    return invoiceStatus(row.status === 'void', Number(row.total_kobo), paid[i]!);
  });
  await sql`
    update billing_invoices i
       set paid_kobo = v.paid, hmo_paid_kobo = i.hmo_paid_kobo + v.by_hmo, status = v.status,
           updated_at = v.at, version = v.version
      from unnest(${done.map((e) => e.data.invoiceId)}::text[], ${paid.map(String)}::bigint[],
                  ${done.map((e) => String(e.data.payer === 'hmo' ? e.data.amountKobo : 0))}::bigint[], ${status}::text[],
                  ${done.map((e) => e.metadata.occurredAt)}::timestamptz[], ${done.map(versionAfter)}::int[])
           as v(invoice_id, paid, by_hmo, status, at, version)
     where i.invoice_id = v.invoice_id`.execute(trx);
  const zones = await zonesOf(trx, done);
  for (let i = 0; i < done.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('billing_payments')
      .values(done.slice(i, i + ROWS_PER_INSERT).map((e, j) => paymentRow(e, zones[i + j]!)))
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
  }
  await insertActivity(trx, done.map(paymentActivity));
}
