/** One slice of the Patients Status Overview chart. */
export type StatusSlice = { status: string; label: string; count: number; percent: number; color: string };

/** Chart labels (product-spec-1 §4 Chart updates): 'In Consultation', 'Pending Tests' for refer for test. */
const LABELS: Record<string, string> = {
  waiting: 'Waiting',
  consultation: 'In Consultation',
  'test complete': 'Test Complete',
  'refer for test': 'Pending Tests',
  seen: 'Seen',
  discharged: 'Discharged',
  active: 'Active',
  transferred: 'Transferred',
};

const COLORS: Record<string, string> = {
  waiting: '#f59e0b',
  consultation: '#2563eb',
  'test complete': '#16a34a',
  'refer for test': '#9333ea',
  seen: '#0f766e',
  discharged: '#64748b',
  active: '#0891b2',
  transferred: '#db2777',
};
const FALLBACK_COLOR = '#94a3b8';

/** 'refer_for_test', 'Refer-For-Test' and 'refer for test' are the same status. */
export function statusKey(status: string): string {
  return status.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
}

export function statusLabel(status: string): string {
  const key = statusKey(status);
  return LABELS[key] ?? key.replace(/\b\w/g, (c) => c.toUpperCase());
}

/**
 * Counts by status → chart slices: zero counts dropped, sorted by descending count,
 * percent of the total rounded to a whole number (product-spec-1 §9).
 */
export function statusSlices(byStatus: Record<string, number>): StatusSlice[] {
  const merged = new Map<string, number>();
  for (const [status, count] of Object.entries(byStatus)) {
    if (!Number.isFinite(count) || count <= 0) continue;
    const key = statusKey(status);
    merged.set(key, (merged.get(key) ?? 0) + count);
  }
  const total = [...merged.values()].reduce((sum, n) => sum + n, 0);
  return [...merged.entries()]
    .map(([status, count]) => ({
      status,
      label: statusLabel(status),
      count,
      percent: total ? Math.round((count / total) * 100) : 0,
      color: COLORS[status] ?? FALLBACK_COLOR,
    }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}
