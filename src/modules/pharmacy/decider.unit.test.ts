import { describe, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import { MAX_BATCH_STOCK, medicationDecider, type MedicationCommand } from './decider';
import { InsufficientStock, MedicationNotFound, StockAboveMaximum, StockBelowZero } from './errors';
import type { MedicationEvent } from './events';

const ids = { medicationId: 'm-1', hospitalId: 'h-1' };
const details = { name: 'Amoxicillin', batchNumber: 'B1', vendor: 'Emzor', expiryDate: '2030-01-01', reorderLevel: 5 };
const stocked: MedicationEvent = { type: 'MedicationStocked', data: { ...details, ...ids, quantity: 4 } };
const dispense = (quantity: number, hospitalId = 'h-1'): MedicationCommand => ({
  type: 'DispenseMedication',
  medicationId: 'm-1',
  hospitalId,
  quantity,
  consultationId: 'c-1',
  prescriptionIndex: 0,
  patientId: 'p-1',
});

describe('medication decider', () => {
  it('stocks a new batch', () =>
    given(medicationDecider)
      .when({ type: 'StockMedication', ...ids, details, quantity: 4 })
      .then([stocked]));

  it('dispenses what is in stock', () =>
    given(medicationDecider, [stocked])
      .when(dispense(4))
      .then([
        {
          type: 'MedicationDispensed',
          data: {
            medicationId: 'm-1',
            name: 'Amoxicillin',
            quantity: 4,
            consultationId: 'c-1',
            prescriptionIndex: 0,
            patientId: 'p-1',
          },
        },
      ]));

  it('refuses to dispense more than the stock, naming the medication', () =>
    given(medicationDecider, [
      stocked,
      { type: 'StockReceived', data: { medicationId: 'm-1', quantity: 1, reason: null } },
    ])
      .when(dispense(6))
      .thenThrows(InsufficientStock, 'Insufficient stock for Amoxicillin: 5 available, 6 requested'));

  it('refuses an adjustment below zero', () =>
    given(medicationDecider, [stocked])
      .when({ type: 'AdjustStock', ...ids, quantity: -5, reason: 'count' })
      .thenThrows(StockBelowZero));

  it('fills a batch up to its maximum stock and refuses a receipt or adjustment beyond it', () => {
    const full: MedicationEvent = {
      type: 'StockAdjusted',
      data: { medicationId: 'm-1', quantity: MAX_BATCH_STOCK - 4, reason: 'count' },
    };
    given(medicationDecider, [stocked])
      .when({ type: 'ReceiveStock', ...ids, quantity: MAX_BATCH_STOCK - 4, reason: null })
      .then([{ type: 'StockReceived', data: { medicationId: 'm-1', quantity: MAX_BATCH_STOCK - 4, reason: null } }]);
    given(medicationDecider, [stocked, full])
      .when({ type: 'ReceiveStock', ...ids, quantity: 1, reason: null })
      .thenThrows(StockAboveMaximum);
    given(medicationDecider, [stocked, full])
      .when({ type: 'AdjustStock', ...ids, quantity: 1, reason: 'count' })
      .thenThrows(StockAboveMaximum);
    // Counting down stays possible.
    given(medicationDecider, [stocked, full, full])
      .when({ type: 'AdjustStock', ...ids, quantity: -1, reason: 'count' })
      .then([{ type: 'StockAdjusted', data: { medicationId: 'm-1', quantity: -1, reason: 'count' } }]);
  });

  it("answers not found for another hospital's batch", () =>
    given(medicationDecider, [stocked]).when(dispense(1, 'h-2')).thenThrows(MedicationNotFound));
});
