import { sql } from 'kysely';
import type { RecordedEvent } from '../src/platform/event-store/port';
import type { ProjectionHandler, Trx } from '../src/platform/projections/projection';
import { hospitalTimeZone, hospitalToday } from '../src/modules/hospitals';
import type {
  ConsultationRecorded,
  PrescriptionDispensed,
  PrescriptionIssued,
} from '../src/modules/consultations/events';
import { dispensedMedications, recordedRow } from '../src/modules/consultations/read-models/consultation-rows';
import { CONSULTATIONS } from '../src/modules/consultations/read-models/consultations';
import type {
  LabRequestOrdered,
  LabResults,
  LabResultsRecorded,
  LabTestStarted,
} from '../src/modules/laboratory/events';
import { orderedRow, resultsChanges, startedChanges } from '../src/modules/laboratory/read-models/lab-request-rows';
import { LAB_REQUESTS } from '../src/modules/laboratory/read-models/lab-requests';
import type { MedicationDispensed, StockAdjusted, StockReceived } from '../src/modules/pharmacy/events';
import { MEDICATION_STOCK } from '../src/modules/pharmacy/read-models/medication-stock';
import type { InvoiceRaised, PaymentRecorded } from '../src/modules/billing/events';
import { BILLING_LEDGER, updateInvoice } from '../src/modules/billing/read-models/ledger';
import {
  insertActivity,
  paymentActivity,
  paymentRow,
  raisedActivity,
  raisedRow,
} from '../src/modules/billing/read-models/ledger-rows';

/**
 * The oracle for the batch handlers (issue 36 §3): each rule the projections write once, as a batch
 * handler, written here the plain way, one event at a time, in the shape it had before it was
 * batched. Production never runs these; test/rebuild-batches.test.ts replays a hospital's feed through
 * them and through the batch handlers and compares the tables row for row. The row mappings
 * (`recordedRow`, `orderedRow` …) are shared: what is checked is the SQL around them, where runs,
 * conflicts and versions are handled.
 */
const versionAfter = (event: RecordedEvent) => Number(event.revision) + 1;
const json = <T>(v: T) => JSON.stringify(v) as unknown as T;

const consultations = {
  ConsultationRecorded: async (trx: Trx, event: RecordedEvent<ConsultationRecorded>) => {
    const row = recordedRow(event);
    await trx
      .insertInto('consultations')
      .values({ ...row, record: json(row.record), medications: json(row.medications) })
      .onConflict((oc) => oc.column('consultation_id').doNothing())
      .execute();
  },
  PrescriptionIssued: async (trx: Trx, event: RecordedEvent<PrescriptionIssued>) => {
    await trx
      .updateTable('consultations')
      .set({ version: versionAfter(event) })
      .where('consultation_id', '=', event.data.consultationId)
      .where('version', '<', versionAfter(event))
      .execute();
  },
  PrescriptionDispensed: async (trx: Trx, event: RecordedEvent<PrescriptionDispensed>) => {
    const d = event.data;
    const row = await trx
      .selectFrom('consultations')
      .select(['medications', 'hospital_id'])
      .where('consultation_id', '=', d.consultationId)
      .where('version', '<', versionAfter(event))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return;
    const medications = dispensedMedications(row.medications, event);
    const at = new Date(event.metadata.occurredAt);
    await trx
      .updateTable('consultations')
      .set({
        medications: json(medications),
        has_pending: medications.some((m) => !m.dispensed),
        version: versionAfter(event),
      })
      .where('consultation_id', '=', d.consultationId)
      .execute();
    await trx
      .insertInto('prescription_dispensations')
      .values({
        event_id: event.id,
        hospital_id: row.hospital_id,
        consultation_id: d.consultationId,
        patient_id: d.patientId,
        patient_name: d.patientName,
        prescribed_by: d.prescribedBy.name,
        dispensed_by: event.metadata.actor.name,
        items: json(d.items),
        item_count: d.items.length,
        dispensed_at: at,
        dispensed_on: await hospitalToday(trx, row.hospital_id, at),
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  },
};

const labRequests = {
  LabRequestOrdered: async (trx: Trx, event: RecordedEvent<LabRequestOrdered>) => {
    await trx
      .insertInto('lab_requests')
      .values(orderedRow(event))
      .onConflict((oc) => oc.column('lab_request_id').doNothing())
      .execute();
  },
  LabTestStarted: async (trx: Trx, event: RecordedEvent<LabTestStarted>) => {
    await trx
      .updateTable('lab_requests')
      .set(startedChanges(event))
      .where('lab_request_id', '=', event.data.labRequestId)
      .where('version', '<', versionAfter(event))
      .execute();
  },
  LabResultsRecorded: async (trx: Trx, event: RecordedEvent<LabResultsRecorded>) => {
    const changes = resultsChanges(event, await hospitalTimeZone(trx, event.metadata.hospitalId));
    await trx
      .updateTable('lab_requests')
      .set({ ...changes, results: json<LabResults>(changes.results) })
      .where('lab_request_id', '=', event.data.labRequestId)
      .where('version', '<', versionAfter(event))
      .execute();
  },
};

/** Adds `delta` to the batch's stock unless the event is already in the row. */
async function move(
  trx: Trx,
  event: RecordedEvent<StockReceived | StockAdjusted | MedicationDispensed>,
  delta: number,
) {
  await trx
    .updateTable('pharmacy_medications')
    .set({
      stock_quantity: sql<number>`stock_quantity + ${delta}`,
      version: versionAfter(event),
      updated_at: new Date(event.metadata.occurredAt),
    })
    .where('medication_id', '=', event.data.medicationId)
    .where('version', '<', versionAfter(event))
    .execute();
}

const medicationStock = {
  StockReceived: (trx: Trx, event: RecordedEvent<StockReceived>) => move(trx, event, event.data.quantity),
  StockAdjusted: (trx: Trx, event: RecordedEvent<StockAdjusted>) => move(trx, event, event.data.quantity),
  MedicationDispensed: (trx: Trx, event: RecordedEvent<MedicationDispensed>) => move(trx, event, -event.data.quantity),
};

const billingLedger = {
  InvoiceRaised: async (trx: Trx, event: RecordedEvent<InvoiceRaised>) => {
    const inserted = await trx
      .insertInto('billing_invoices')
      .values(raisedRow(event, await hospitalTimeZone(trx, event.metadata.hospitalId)))
      .onConflict((oc) => oc.column('invoice_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await insertActivity(trx, [raisedActivity(event)]);
  },
  PaymentRecorded: async (trx: Trx, event: RecordedEvent<PaymentRecorded>) => {
    const d = event.data;
    const byHmo = d.payer === 'hmo' ? d.amountKobo : 0;
    const done = await updateInvoice(trx, event, d.invoiceId, (row) => ({
      paid_kobo: row.paid + d.amountKobo,
      hmo_paid_kobo: sql`hmo_paid_kobo + ${byHmo}`,
    }));
    if (!done) return;
    await trx
      .insertInto('billing_payments')
      .values(paymentRow(event, await hospitalTimeZone(trx, event.metadata.hospitalId)))
      .onConflict((oc) => oc.column('payment_id').doNothing())
      .execute();
    await insertActivity(trx, [paymentActivity(event)]);
  },
};

/**
 * The event-by-event rule of each batched type, by projection name. A batched projection missing
 * here (the patient list, the stock movements) had only ever one rule, the batch handler given a run
 * of one, and is checked against itself: a run of one against the page's runs.
 */
export const PROJECTION_ORACLES: Record<string, Partial<Record<string, ProjectionHandler>>> = {
  [CONSULTATIONS]: consultations as unknown as Record<string, ProjectionHandler>,
  [LAB_REQUESTS]: labRequests as unknown as Record<string, ProjectionHandler>,
  [MEDICATION_STOCK]: medicationStock as unknown as Record<string, ProjectionHandler>,
  [BILLING_LEDGER]: billingLedger as unknown as Record<string, ProjectionHandler>,
};
