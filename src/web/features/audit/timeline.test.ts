import { describe, expect, it } from 'vitest';
import { fromLocalInput, groupByDay, shownValue, subjectHref, toLocalInput } from './timeline';

describe('timeline helpers', () => {
  it('groups entries by their day in the given zone, keeping their order', () => {
    const entries = [
      { time: '2026-11-20T08:00:00Z', n: 1 },
      { time: '2026-11-20T22:59:00Z', n: 2 },
      { time: '2026-11-20T23:30:00Z', n: 3 },
    ];
    const lagos = groupByDay(entries, 'Africa/Lagos');
    expect(lagos.map((d) => [d.day, d.entries.map((e) => e.n)])).toEqual([
      ['2026-11-20', [1, 2]],
      ['2026-11-21', [3]],
    ]);
    expect(lagos[0]!.label).toBe('Friday, 20 Nov 2026');
    expect(groupByDay(entries, 'UTC')).toHaveLength(1);
    expect(groupByDay([], 'UTC')).toEqual([]);
  });

  it('shows empty values as a dash', () => {
    expect(shownValue(null)).toBe('—');
    expect(shownValue('')).toBe('—');
    expect(shownValue(72)).toBe('72');
  });

  it("turns the picker's local value into an instant and back", () => {
    // Lagos is UTC+1: getTimezoneOffset() answers -60 there.
    expect(fromLocalInput('2026-11-20T11:15', -60)).toBe('2026-11-20T10:15:00.000Z');
    expect(fromLocalInput('2026-11-20T11:15:30', -60)).toBe('2026-11-20T10:15:30.000Z');
    expect(toLocalInput('2026-11-20T10:15:30.000Z', -60)).toBe('2026-11-20T11:15:30');
    expect(fromLocalInput('not a date', 0)).toBeNull();
  });

  it('links patients to their history and nothing else', () => {
    expect(subjectHref({ type: 'patient', id: 'p 1' })).toBe('/admin/audit/patients/p%201');
    expect(subjectHref({ type: 'user', id: 'u1' })).toBeNull();
    expect(subjectHref(null)).toBeNull();
  });
});
