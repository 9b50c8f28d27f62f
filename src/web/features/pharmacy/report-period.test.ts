import { describe, expect, it } from 'vitest';
import { monthSoFar, periodProblem } from './report-period';

describe('report period', () => {
  it("is this month so far in the hospital's zone: Lagos is already in April at 23:30 UTC, New York is not", () => {
    expect(monthSoFar(new Date('2025-03-14T10:00:00Z'), 'Africa/Lagos')).toEqual({
      from: '2025-03-01',
      to: '2025-03-14',
    });
    expect(monthSoFar(new Date('2025-03-31T23:30:00Z'), 'Africa/Lagos')).toEqual({
      from: '2025-04-01',
      to: '2025-04-01',
    });
    expect(monthSoFar(new Date('2025-03-31T23:30:00Z'), 'America/New_York')).toEqual({
      from: '2025-03-01',
      to: '2025-03-31',
    });
  });

  it('refuses a missing date and a From after To', () => {
    expect(periodProblem({ from: '2025-03-01', to: '' })).toBe('Choose both dates');
    expect(periodProblem({ from: '2025-03-02', to: '2025-03-01' })).toBe('From must be on or before To');
    expect(periodProblem({ from: '2025-03-01', to: '2025-03-01' })).toBeNull();
  });
});
