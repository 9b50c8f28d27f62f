import type { RecordedEvent } from '../../../platform/event-store/port';
import type { Trx } from '../../../platform/projections/projection';
import { formatNaira } from '../../../shared/money';
import { hospitalDate } from '../../../shared/hospital-calendar';
import { hospitalZones } from '../../hospitals';
import type { BillingEvent } from '../events';
import { invoiceStatus } from '../invoice';
import './tables';

/** Each event's hospital's time zone (its days are the ledger's days), read once a hospital. */
export async function zonesOf(trx: Trx, events: readonly RecordedEvent[]): Promise<string[]> {
  const zones = hospitalZones(trx);
  return Promise.all(events.map((e) => zones.zoneOf(e.metadata.hospitalId)));
}

/** The ledger's rows as its events make them: one mapping for the handlers one by one and the batches. */
const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;
const json = <T>(v: T) => JSON.stringify(v) as unknown as T;
export const hmoOf = (lines: { hmoKobo?: number }[]) => lines.reduce((n, l) => n + (l.hmoKobo ?? 0), 0);
type Of<T extends BillingEvent['type']> = Extract<BillingEvent, { type: T }>;
const METHOD_LABELS: Record<string, string> = { cash: 'cash', pos: 'POS', transfer: 'bank transfer', hmo: 'HMO' };

/** One row of Recent Activity per billing event (spec-2 §2: date, activity type, description, performed by). */
export function activityRow(event: RecordedEvent, activityType: string, description: string, invoiceId?: string) {
  return {
    event_id: event.id,
    hospital_id: event.metadata.hospitalId,
    at: new Date(event.metadata.occurredAt),
    activity_type: activityType,
    description,
    performed_by: event.metadata.actor.name,
    invoice_id: invoiceId ?? null,
  };
}

export async function activity(
  trx: Trx,
  event: RecordedEvent,
  activityType: string,
  description: string,
  invoiceId?: string,
) {
  await insertActivity(trx, [activityRow(event, activityType, description, invoiceId)]);
}

export async function insertActivity(trx: Trx, rows: ReturnType<typeof activityRow>[]) {
  if (rows.length === 0) return;
  await trx
    .insertInto('billing_activity')
    .values(rows)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/** The invoice row a raise makes, and its line of Recent Activity. */
export function raisedRow(event: RecordedEvent<Of<'InvoiceRaised'>>, timeZone: string) {
  const d = event.data;
  const at = new Date(event.metadata.occurredAt);
  return {
    invoice_id: d.invoiceId,
    hospital_id: d.hospitalId,
    patient_id: d.patientId,
    patient_name: d.patientName,
    consultation_id: d.consultationId,
    doctor_name: d.doctor?.name ?? null,
    lines: json(d.lines),
    total_kobo: d.totalKobo,
    paid_kobo: 0,
    status: invoiceStatus(false, d.totalKobo, 0),
    void_reason: null,
    created_at: at,
    created_on: hospitalDate(at, timeZone),
    updated_at: at,
    version: versionAfter(event),
    hmo_id: d.cover?.hmoId ?? null,
    hmo_name: d.cover?.hmoName ?? null,
    enrollee_number: d.cover?.enrolleeNumber ?? null,
    hmo_share_kobo: hmoOf(d.lines),
    hmo_paid_kobo: 0,
    hmo_pending_kobo: 0,
  };
}

export function raisedActivity(event: RecordedEvent<Of<'InvoiceRaised'>>) {
  const d = event.data;
  const what = d.consultationId ? `Consultation invoice` : 'Invoice';
  return activityRow(
    event,
    'Invoice Created',
    `${what} for ${d.patientName}: ${formatNaira(d.totalKobo)}`,
    d.invoiceId,
  );
}

/** The ledger's row of a payment, and its line of Recent Activity. */
export function paymentRow(event: RecordedEvent<Of<'PaymentRecorded'>>, timeZone: string) {
  const d = event.data;
  const at = new Date(event.metadata.occurredAt);
  return {
    payment_id: d.paymentId,
    hospital_id: event.metadata.hospitalId,
    invoice_id: d.invoiceId,
    patient_id: d.patientId,
    patient_name: d.patientName,
    amount_kobo: d.amountKobo,
    method: d.method,
    reference: d.reference,
    receipt_number: d.receiptNumber,
    received_by: event.metadata.actor.name,
    received_at: at,
    received_on: hospitalDate(at, timeZone),
    idempotency_key: d.idempotencyKey,
    payer: d.payer ?? 'patient',
  };
}

export function paymentActivity(event: RecordedEvent<Of<'PaymentRecorded'>>) {
  const d = event.data;
  const description = `${formatNaira(d.amountKobo)} by ${METHOD_LABELS[d.method]} from ${d.patientName} (${d.receiptNumber})`;
  return activityRow(event, 'Payment Received', description, d.invoiceId);
}
