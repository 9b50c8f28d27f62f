import { describe, expect, it } from 'vitest';
import { statusLabel, statusSlices } from './patient-status';

describe('statusSlices', () => {
  it('sorts by count, drops empty statuses and rounds the percentages', () => {
    const slices = statusSlices({ waiting: 1, consultation: 2, seen: 0, 'refer for test': 0, discharged: 3 });
    expect(slices.map((s) => [s.label, s.count, s.percent])).toEqual([
      ['Discharged', 3, 50],
      ['In Consultation', 2, 33],
      ['Waiting', 1, 17],
    ]);
  });

  it("labels refer for test as 'Pending Tests' whatever its spelling", () => {
    expect(statusLabel('refer for test')).toBe('Pending Tests');
    expect(statusLabel('refer_for_test')).toBe('Pending Tests');
    expect(statusSlices({ refer_for_test: 1, 'Refer For Test': 1 })).toMatchObject([
      { label: 'Pending Tests', count: 2 },
    ]);
  });

  it('gives an unknown status a readable label and the fallback colour', () => {
    expect(statusSlices({ admitted: 4 })).toEqual([
      { status: 'admitted', label: 'Admitted', count: 4, percent: 100, color: '#94a3b8' },
    ]);
  });

  it('has no slices when there are no patients', () => {
    expect(statusSlices({})).toEqual([]);
    expect(statusSlices({ waiting: 0 })).toEqual([]);
  });
});
