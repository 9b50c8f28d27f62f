import { describe, expect, it } from 'vitest';
import {
  validateAdjustment,
  validateNewMedication,
  validatePrice,
  validatePricedMedication,
  validateReceipt,
  wholeNumberError,
} from './stock-rules';

const valid = {
  name: 'Paracetamol',
  batchNumber: 'PCM-001',
  vendor: 'Emzor',
  expiryDate: '2027-06-30',
  quantity: '40',
  reorderLevel: '10',
};

describe('the inventory dialogs’ checks', () => {
  it('accepts a complete new medication, zero stock included', () => {
    expect(validateNewMedication(valid)).toEqual({});
    expect(validateNewMedication({ ...valid, quantity: '0', reorderLevel: '0' })).toEqual({});
  });

  it("names every missing field in the server's words", () => {
    const blank = { name: ' ', batchNumber: '', vendor: '', expiryDate: '', quantity: '', reorderLevel: '' };
    expect(validateNewMedication(blank)).toEqual({
      name: 'Medication name is required',
      batchNumber: 'Batch number is required',
      vendor: 'Vendor is required',
      expiryDate: 'Expiry date is required',
      quantity: 'Quantity is required',
      reorderLevel: 'Reorder level is required',
    });
  });

  it('refuses an impossible date and quantities that are not whole, non-negative numbers', () => {
    expect(validateNewMedication({ ...valid, expiryDate: '2027-02-30', quantity: '2.5', reorderLevel: '-1' })).toEqual({
      expiryDate: 'Please enter a valid expiry date',
      quantity: 'Quantity must be a whole number',
      reorderLevel: 'Reorder level must be at least 0',
    });
    expect(wholeNumberError('ten', 'Quantity', 0)).toBe('Quantity must be a number');
    expect(wholeNumberError('20000000', 'Quantity', 0)).toBe('Quantity is too large');
  });

  it('wants a receipt of at least 1, its reason optional', () => {
    expect(validateReceipt({ quantity: '0', reason: '' })).toEqual({ quantity: 'Quantity must be at least 1' });
    expect(validateReceipt({ quantity: '12', reason: '' })).toEqual({});
  });

  it('wants an adjustment signed and not zero, with a reason', () => {
    expect(validateAdjustment({ quantity: '-3', reason: 'Broken bottles' })).toEqual({});
    expect(validateAdjustment({ quantity: '0', reason: ' ' })).toEqual({
      quantity: 'Quantity must not be zero',
      reason: 'Reason is required',
    });
  });

  it("takes Add Medication's price as optional naira, and Set Price's as required, in the server's words", () => {
    expect(validatePricedMedication({ ...valid, price: '' })).toEqual({});
    expect(validatePricedMedication({ ...valid, price: ' 1,250.50 ' })).toEqual({});
    expect(validatePricedMedication({ ...valid, price: '-5' })).toEqual({
      price: 'Price must be an amount in naira with at most 2 decimals',
    });
    expect(validatePricedMedication({ ...valid, name: '', price: '100000000.01' })).toEqual({
      name: 'Medication name is required',
      price: 'Price is too large',
    });
    expect(validatePrice({ price: ' ' })).toEqual({ price: 'Price is required' });
    expect(validatePrice({ price: '0' })).toEqual({});
  });
});
