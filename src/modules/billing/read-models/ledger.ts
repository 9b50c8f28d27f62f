import { sql } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import { formatNaira } from '../../../shared/money';
import { hospitalToday } from '../../hospitals';
import type { BillingEvent } from '../events';
import { invoiceStatus } from '../invoice';
import './tables';
import { insertRaised, recordPayments } from './ledger-batches';
import { projectPriceSet } from './price-rows';
import { activity, hmoOf } from './ledger-rows';

export { activity } from './ledger-rows';

export const BILLING_LEDGER = 'billing-ledger';

const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;

/** Moves the invoice row on, unless the event is in it already; true when it did. */
export async function updateInvoice(
  trx: Trx,
  event: RecordedEvent,
  invoiceId: string,
  change: (row: { total: number; paid: number }) => Record<string, unknown>,
) {
  const row = await trx
    .selectFrom('billing_invoices')
    .select(['total_kobo', 'paid_kobo', 'status'])
    .where('invoice_id', '=', invoiceId)
    .where('version', '<', versionAfter(event))
    .forUpdate()
    .executeTakeFirst();
  if (!row) return false;
  const values = change({ total: Number(row.total_kobo), paid: Number(row.paid_kobo) });
  const total = Number(values.total_kobo ?? row.total_kobo);
  const paid = Number(values.paid_kobo ?? row.paid_kobo);
  await trx
    .updateTable('billing_invoices')
    .set({
      ...values,
      status: invoiceStatus(row.status === 'void' || values.status === 'void', total, paid),
      updated_at: new Date(event.metadata.occurredAt),
      version: versionAfter(event),
    })
    .where('invoice_id', '=', invoiceId)
    .execute();
  return true;
}

/**
 * Inline: the invoice list, a receipt and the dashboard show a payment the moment it is recorded,
 * and the invoicing reactor reads the price list it has just been given.
 */
export const billingLedgerProjection = defineProjection<BillingEvent>({
  name: BILLING_LEDGER,
  inline: true,
  handlers: {
    InvoiceLinesAdded: async (trx, event) => {
      const d = event.data;
      const done = await updateInvoice(trx, event, d.invoiceId, () => ({
        lines: sql`lines || ${JSON.stringify(d.lines)}::jsonb`,
        total_kobo: d.totalKobo,
        hmo_share_kobo: sql`hmo_share_kobo + ${hmoOf(d.lines)}`,
      }));
      if (!done) return;
      const added = d.lines.reduce((n, l) => n + l.amountKobo, 0);
      const items = d.lines.map((l) => l.description).join(', ');
      await activity(trx, event, 'Charges Added', `${items} for ${d.patientName}: ${formatNaira(added)}`, d.invoiceId);
    },
    InvoiceLineRepriced: async (trx, event) => {
      const d = event.data;
      const patch = JSON.stringify({
        description: d.description,
        unitPriceKobo: d.unitPriceKobo,
        amountKobo: d.amountKobo,
        ...(d.hmoKobo !== undefined ? { hmoKobo: d.hmoKobo } : {}),
      });
      const done = await updateInvoice(trx, event, d.invoiceId, () => ({
        lines: sql`(select jsonb_agg(case when l->>'lineId' = ${d.lineId} then l || ${patch}::jsonb else l end order by n)
                      from jsonb_array_elements(lines) with ordinality as t(l, n))`,
        total_kobo: d.totalKobo,
        hmo_share_kobo: sql`hmo_share_kobo + ${d.hmoKobo ?? 0}`,
      }));
      if (!done) return;
      const what = `${d.description} for ${d.patientName} priced at ${formatNaira(d.amountKobo)}`;
      await activity(trx, event, 'Line Priced', what, d.invoiceId);
    },
    InvoiceVoided: async (trx, event) => {
      const d = event.data;
      const done = await updateInvoice(trx, event, d.invoiceId, () => ({ status: 'void', void_reason: d.reason }));
      if (!done) return;
      await activity(trx, event, 'Invoice Voided', `Invoice for ${d.patientName} voided: ${d.reason}`, d.invoiceId);
    },
    InvoiceClaimed: async (trx, event) => {
      const d = event.data;
      await updateInvoice(trx, event, d.invoiceId, () => ({
        hmo_pending_kobo: sql`hmo_pending_kobo + ${d.amountKobo}`,
      }));
    },
    InvoiceClaimSettled: async (trx, event) => {
      const d = event.data;
      const done = await updateInvoice(trx, event, d.invoiceId, (row) => ({
        paid_kobo: row.paid + d.paidKobo,
        hmo_paid_kobo: sql`hmo_paid_kobo + ${d.paidKobo}`,
        hmo_pending_kobo: sql`hmo_pending_kobo - ${d.paidKobo + d.rejectedKobo}`,
        hmo_share_kobo: sql`hmo_share_kobo - ${d.rejectedKobo}`,
      }));
      if (!done || d.paidKobo === 0) return;
      // What the HMO paid on a claim is money received: it shows in the ledger, by method hmo.
      const invoice = await trx
        .selectFrom('billing_invoices')
        .select(['patient_id', 'patient_name'])
        .where('invoice_id', '=', d.invoiceId)
        .executeTakeFirstOrThrow();
      const at = new Date(event.metadata.occurredAt);
      await trx
        .insertInto('billing_payments')
        .values({
          payment_id: `${d.claimId}:${d.invoiceId}`,
          hospital_id: event.metadata.hospitalId,
          invoice_id: d.invoiceId,
          patient_id: invoice.patient_id,
          patient_name: invoice.patient_name,
          amount_kobo: d.paidKobo,
          method: 'hmo',
          reference: d.claimNumber,
          receipt_number: d.claimNumber,
          received_by: event.metadata.actor.name,
          received_at: at,
          received_on: await hospitalToday(trx, event.metadata.hospitalId, at),
          idempotency_key: null,
          payer: 'hmo',
        })
        .onConflict((oc) => oc.column('payment_id').doNothing())
        .execute();
    },
    PriceListUpdated: async (trx, event) => {
      const d = event.data;
      // The PUT replaces the medications and lab tests; the other services are set one by one (PriceSet).
      await trx
        .deleteFrom('billing_prices')
        .where('hospital_id', '=', d.hospitalId)
        .where('kind', 'in', ['medication', 'lab'])
        .execute();
      const rows = [
        ...d.medications.map((m) => ({ kind: 'medication' as const, key: m.name.trim().toLowerCase(), ...m })),
        ...d.labTests.map((t) => ({
          kind: 'lab' as const,
          key: t.code.toUpperCase(),
          name: t.name,
          priceKobo: t.priceKobo,
        })),
      ];
      if (rows.length) {
        await trx
          .insertInto('billing_prices')
          .values(
            rows.map((r) => ({
              hospital_id: d.hospitalId,
              kind: r.kind,
              key: r.key,
              name: r.name,
              price_kobo: r.priceKobo,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(['hospital_id', 'kind', 'key'])
              .doUpdateSet({ price_kobo: (eb) => eb.ref('excluded.price_kobo') }),
          )
          .execute();
      }
      const count = `${d.medications.length} medication${d.medications.length === 1 ? '' : 's'}, ${d.labTests.length} lab test${d.labTests.length === 1 ? '' : 's'}`;
      await activity(trx, event, 'Price List Updated', `Price list updated: ${count}`);
    },
    PriceSet: (trx, event) => projectPriceSet(trx, event),
  },
  // A page of a rebuild, a burst of commands in one group commit: a few statements per run of a type.
  batchHandlers: {
    InvoiceRaised: (trx, events) => insertRaised(trx, events),
    PaymentRecorded: (trx, events) => recordPayments(trx, events),
  },
  // An invoice's row, payments and activity are written only by its own stream's events (and the
  // price list only by the hospital's price-list stream).
  independentStreams: true,
  // The lists' and reports' indexes; the handlers find invoices and payments by their keys.
  deferredIndexes: [
    'billing_invoices_recent',
    'billing_invoices_patient',
    'billing_invoices_status',
    'billing_payments_day',
    'billing_payments_invoice',
    'billing_activity_recent',
  ],
  reset: (trx) => emptyTables(trx, ['billing_invoices', 'billing_payments', 'billing_activity', 'billing_prices']),
});
