import { describe, expect, it } from 'vitest';
import { matchesSearch } from './inventory-search';

describe('matchesSearch', () => {
  it('matches any value, in any case, and everything for an empty search', () => {
    expect(matchesSearch(' emzor ', 'Paracetamol', 'PCM-001', 'Emzor Pharmaceuticals')).toBe(true);
    expect(matchesSearch('pcm-0', 'Paracetamol', 'PCM-001')).toBe(true);
    expect(matchesSearch('', 'Paracetamol')).toBe(true);
    expect(matchesSearch('amox', 'Paracetamol', 'PCM-001', 'Emzor')).toBe(false);
  });
});
