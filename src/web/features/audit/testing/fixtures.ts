import { auditEventsEndpoint } from '../../../../shared/api/audit';
import { answer } from '../../../lib/testing/fake-api';
import type { TrailEntry } from '../api/trail-api';

/** Trail entries and answers as the server sends them, for the audit screens' tests. */
export function entry(n: number, overrides: Partial<TrailEntry> = {}): TrailEntry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    time: new Date(Date.UTC(2026, 10, 20, 10, 0, 0) - n * 60_000).toISOString(),
    actor: { id: 'u-1', name: 'Tunde Bello', role: 'doctor' },
    action: `Viewed the detail of Ada Obi ${n}`,
    eventType: 'RecordAccessed',
    subject: { type: 'patient', id: 'p-1' },
    outcome: 'success',
    ip: '10.0.0.7',
    requestId: `req-${n}`,
    offline: null,
    ...overrides,
  };
}

export const trailPage = (entries: TrailEntry[], nextCursor: string | null = null) =>
  answer(auditEventsEndpoint, { entries, nextCursor }).body;
