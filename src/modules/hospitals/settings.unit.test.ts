import { describe, expect, it } from 'vitest';
import { settingsErrors } from './settings';

describe('hospital settings: the address and phone the first-hour checklist asks for', () => {
  it('measures the address in characters (code points), not UTF-16 units', () => {
    // Letters outside the BMP: 1000 UTF-16 units, 500 characters.
    const astral = '𝐀'.repeat(500);
    expect(settingsErrors({ address: astral })).toEqual([]);
    expect(settingsErrors({ address: `${astral}𝐀` })).toEqual([
      { field: 'address', message: expect.stringContaining('500') },
    ]);
  });

  it('accepts a blank address and phone (not set yet) and refuses a phone that is not one', () => {
    expect(settingsErrors({ address: '', phone: '' })).toEqual([]);
    expect(settingsErrors({ phone: '0803 123 4567' })).toEqual([]);
    expect(settingsErrors({ phone: 'call me' })).toEqual([
      { field: 'phone', message: 'Please enter a valid phone number' },
    ]);
  });
});
