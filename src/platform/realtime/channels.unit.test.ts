import { describe, expect, it } from 'vitest';
import { allowedChannels, channelsFor } from './channels';

describe('realtime channels by role', () => {
  it.each([
    ['admin', ['general', 'announcements', 'patients', 'users', 'billing', 'reports']],
    ['doctor', ['general', 'medical', 'patients', 'prescriptions', 'consultations']],
    ['nurse', ['general', 'nursing', 'patients', 'vitals']],
    ['receptionist', ['general', 'reception', 'patients', 'appointments']],
    ['lab_technician', ['general', 'laboratory', 'test_results', 'lab_orders']],
    ['pharmacist', ['general', 'pharmacy', 'medications', 'prescriptions']],
    ['accountant', ['general', 'billing', 'finance', 'payments']],
  ])('gives %s its channels of product-spec-1 §6 plus general', (role, channels) => {
    expect(channelsFor(role)).toEqual(channels);
  });

  it('gives an unknown role only general, even one named like an object property', () => {
    expect(channelsFor('janitor')).toEqual(['general']);
    expect(channelsFor('constructor')).toEqual(['general']);
  });

  it('lets a role subscribe only to its own channels', () => {
    expect(allowedChannels('nurse', ['vitals', 'pharmacy', 'vitals', 42, 'general'])).toEqual(['vitals', 'general']);
    expect(allowedChannels('pharmacist', 'pharmacy')).toEqual([]);
  });
});
