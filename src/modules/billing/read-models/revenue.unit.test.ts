import { describe, expect, it } from 'vitest';
import { revenueRange } from '../report-routes';
import { roundToTotal } from './revenue';

describe('roundToTotal', () => {
  it('rounds shares down and gives the kobo left to the largest fractions, so they add up', () => {
    expect(roundToTotal([1 / 3, 2 / 3], 1)).toEqual([0, 1]);
    expect(roundToTotal([33.3, 33.3, 33.4], 100)).toEqual([33, 33, 34]);
    expect(roundToTotal([0.5, 0.5, 0], 1)).toEqual([1, 0, 0]);
    expect(roundToTotal([], 0)).toEqual([]);
  });
});

describe('revenueRange', () => {
  it('defaults to the last 30 days, or the last 12 months for the month grouping', () => {
    expect(revenueRange('day', {}, '2025-03-10')).toEqual({ from: '2025-02-09', to: '2025-03-10' });
    expect(revenueRange('month', {}, '2025-03-10')).toEqual({ from: '2024-04-01', to: '2025-03-10' });
    expect(revenueRange('payer', { from: '2025-01-01', to: '2025-01-31' }, '2025-03-10')).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });
});
