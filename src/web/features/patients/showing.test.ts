import { describe, expect, it } from 'vitest';
import { showingRange } from './showing';

describe('showingRange', () => {
  it('counts from the first row of the page', () => {
    expect(showingRange(1, 10, 10, 42)).toBe('Showing 1 to 10 of 42 patients');
    expect(showingRange(5, 10, 2, 42)).toBe('Showing 41 to 42 of 42 patients');
  });

  it('says nothing for an empty list', () => {
    expect(showingRange(1, 10, 0, 0)).toBeNull();
  });
});
