import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, type Trx } from '../../../platform/projections/projection';
import { hospitalDate } from '../../patients';
import type { MedicationEvent } from '../events';

declare module '../../../platform/db/database' {
  interface Database {
    pharmacy_stock_movements: {
      event_id: string;
      hospital_id: string;
      medication_id: string;
      kind: MovementKind;
      /** Signed: a dispensation is negative, an adjustment either way. */
      quantity: number;
      occurred_at: Date | string;
      /** The hospital's day (Africa/Lagos), YYYY-MM-DD: what a report's period compares. */
      occurred_on: string;
      consultation_id: string | null;
      patient_id: string | null;
    };
  }
}

/** A batch's opening quantity ('stocked') counts as received in the reports, like a receipt. */
export type MovementKind = 'stocked' | 'received' | 'adjusted' | 'dispensed';

export const STOCK_MOVEMENTS = 'pharmacy-stock-movements';

async function record(
  trx: Trx,
  event: RecordedEvent<MedicationEvent>,
  kind: MovementKind,
  quantity: number,
  dispensed?: { consultationId: string; patientId: string },
) {
  const at = new Date(event.metadata.occurredAt);
  await trx
    .insertInto('pharmacy_stock_movements')
    .values({
      event_id: event.id,
      hospital_id: event.metadata.hospitalId,
      medication_id: event.data.medicationId,
      kind,
      quantity,
      occurred_at: at,
      occurred_on: hospitalDate(at),
      consultation_id: dispensed?.consultationId ?? null,
      patient_id: dispensed?.patientId ?? null,
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/**
 * Not inline: it follows the feed from its own checkpoint, so on a server that already has stock
 * it fills from the first event; the report routes wait for it to reach the head before reading.
 */
export const stockMovementsProjection = defineProjection<MedicationEvent>({
  name: STOCK_MOVEMENTS,
  handlers: {
    MedicationStocked: (trx, e) => record(trx, e, 'stocked', e.data.quantity),
    StockReceived: (trx, e) => record(trx, e, 'received', e.data.quantity),
    StockAdjusted: (trx, e) => record(trx, e, 'adjusted', e.data.quantity),
    MedicationDispensed: (trx, e) => record(trx, e, 'dispensed', -e.data.quantity, e.data),
  },
  reset: async (trx) => {
    await trx.deleteFrom('pharmacy_stock_movements').execute();
  },
});
