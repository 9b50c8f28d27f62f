import { describe, expect, it } from 'vitest';
import { projectionSpec, type GivenEvent } from '../../../../test/helpers/projection-spec';
import type { MedicationEvent } from '../events';
import { formularyMedications, medicationStockProjection } from './medication-stock';
import { stockMovementsProjection } from './stock-movements';

/** The pharmacy's read models as given(events).then(rows): a database, no server. */
const stream = 'medication-m1';
const stocked: GivenEvent<MedicationEvent> = {
  streamId: stream,
  type: 'MedicationStocked',
  data: {
    medicationId: 'm1',
    hospitalId: 'hospital-1',
    name: 'Paracetamol 500mg',
    batchNumber: 'B-1',
    vendor: 'Emzor',
    expiryDate: '2027-06-30',
    reorderLevel: 20,
    quantity: 100,
  },
};
const received: GivenEvent<MedicationEvent> = {
  streamId: stream,
  type: 'StockReceived',
  data: { medicationId: 'm1', quantity: 50, reason: null },
};
const dispensed = (quantity: number, prescriptionIndex: number): GivenEvent<MedicationEvent> => ({
  streamId: stream,
  type: 'MedicationDispensed',
  data: {
    medicationId: 'm1',
    name: 'Paracetamol 500mg',
    quantity,
    consultationId: 'c1',
    prescriptionIndex,
    patientId: 'p1',
  },
});
const adjusted: GivenEvent<MedicationEvent> = {
  streamId: stream,
  type: 'StockAdjusted',
  data: { medicationId: 'm1', quantity: -5, reason: 'Broken bottles' },
};

describe('medication stock', () => {
  const spec = projectionSpec(medicationStockProjection);

  it('starts a batch at its opening quantity', () =>
    spec.given(stocked).then('pharmacy_medications', [{ medication_id: 'm1', stock_quantity: 100, version: 1 }]));

  it('adds receipts, takes dispensations and adjustments, each event once', () =>
    spec
      .given(stocked, received, dispensed(30, 0), dispensed(10, 1), adjusted)
      .then('pharmacy_medications', [{ medication_id: 'm1', stock_quantity: 105, version: 5 }]));

  it('adds up a medication kept in many full batches past a 32-bit integer (the price list and the formulary)', async () => {
    // 22 batches at the most a batch may hold (100,000,000): 2.2 billion units, more than an int holds.
    const batches = Array.from({ length: 22 }, (_, i): GivenEvent<MedicationEvent> => ({
      ...stocked,
      streamId: `medication-full-${i}`,
      data: { ...stocked.data, medicationId: `full-${i}`, batchNumber: `F-${i}`, quantity: 100_000_000 },
    }));
    const formulary = await spec.given(...batches).read((db) => formularyMedications(db, 'hospital-1'));
    expect(formulary).toEqual([{ name: 'Paracetamol 500mg', key: 'paracetamol 500mg', stock: 2_200_000_000 }]);
  });

  it('changes nothing when the same events come again (a replay after a crash)', () =>
    spec
      .given(stocked, received, dispensed(30, 0))
      .replayed()
      .then('pharmacy_medications', [{ stock_quantity: 120, version: 3 }]));
});

describe('stock movements', () => {
  const spec = projectionSpec(stockMovementsProjection);

  it('keeps one signed movement per event, dispensations naming the patient', () =>
    spec.given(stocked, received, dispensed(30, 0), adjusted).then('pharmacy_stock_movements', [
      { kind: 'stocked', quantity: 100, patient_id: null, occurred_on: '2026-11-27' },
      { kind: 'received', quantity: 50, patient_id: null, occurred_on: '2026-11-27' },
      { kind: 'dispensed', quantity: -30, patient_id: 'p1', occurred_on: '2026-11-27' },
      { kind: 'adjusted', quantity: -5, patient_id: null, occurred_on: '2026-11-27' },
    ]));

  it('a movement replayed is not counted twice', () =>
    spec
      .given(stocked, dispensed(30, 0))
      .replayed()
      .then('pharmacy_stock_movements', [
        { kind: 'stocked', quantity: 100 },
        { kind: 'dispensed', quantity: -30 },
      ]));
});
