import type { RecordedEvent } from '../../../platform/event-store/port';
import { defineProjection, emptyTables, type Trx } from '../../../platform/projections/projection';
import { hospitalZones } from '../../hospitals';
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
      /** The hospital's day (in its time zone), YYYY-MM-DD: what a report's period compares. */
      occurred_on: string;
      consultation_id: string | null;
      patient_id: string | null;
    };
  }
}

/** A batch's opening quantity ('stocked') counts as received in the reports, like a receipt. */
export type MovementKind = 'stocked' | 'received' | 'adjusted' | 'dispensed';

export const STOCK_MOVEMENTS = 'pharmacy-stock-movements';

function movementRow(
  event: RecordedEvent<MedicationEvent>,
  kind: MovementKind,
  quantity: number,
  dispensed?: { consultationId: string; patientId: string },
) {
  const at = new Date(event.metadata.occurredAt);
  return {
    event_id: event.id,
    hospital_id: event.metadata.hospitalId,
    medication_id: event.data.medicationId,
    kind,
    quantity,
    occurred_at: at,
    consultation_id: dispensed?.consultationId ?? null,
    patient_id: dispensed?.patientId ?? null,
  };
}

/** Rows a statement: 9 columns, well under PostgreSQL's 65 535 parameters. */
const ROWS_PER_INSERT = 5000;

/** The rows with their hospital's day, each hospital's zone read once. */
async function insertRows(trx: Trx, movements: ReturnType<typeof movementRow>[]) {
  const zones = hospitalZones(trx);
  const rows = await Promise.all(
    movements.map(async (m) => ({ ...m, occurred_on: await zones.dayOf(m.hospital_id, m.occurred_at) })),
  );
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await trx
      .insertInto('pharmacy_stock_movements')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  }
}

type Of<T extends MedicationEvent['type']> = RecordedEvent<Extract<MedicationEvent, { type: T }>>;

/**
 * Not inline: it follows the feed from its own checkpoint, so on a server that already has stock
 * it fills from the first event; the report routes wait for it to reach the head before reading.
 */
export const stockMovementsProjection = defineProjection<MedicationEvent>({
  name: STOCK_MOVEMENTS,
  handlers: {},
  // One INSERT per run of a type (a row per event, so in any order); an event alone is a run of one.
  batchHandlers: {
    MedicationStocked: (trx, es: Of<'MedicationStocked'>[]) =>
      insertRows(
        trx,
        es.map((e) => movementRow(e, 'stocked', e.data.quantity)),
      ),
    StockReceived: (trx, es: Of<'StockReceived'>[]) =>
      insertRows(
        trx,
        es.map((e) => movementRow(e, 'received', e.data.quantity)),
      ),
    StockAdjusted: (trx, es: Of<'StockAdjusted'>[]) =>
      insertRows(
        trx,
        es.map((e) => movementRow(e, 'adjusted', e.data.quantity)),
      ),
    MedicationDispensed: (trx, es: Of<'MedicationDispensed'>[]) =>
      insertRows(
        trx,
        es.map((e) => movementRow(e, 'dispensed', -e.data.quantity, e.data)),
      ),
  },
  independentStreams: true,
  // The reports' index; rows go in by event id.
  deferredIndexes: ['pharmacy_stock_movements_day'],
  reset: (trx) => emptyTables(trx, ['pharmacy_stock_movements']),
});
