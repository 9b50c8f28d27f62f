import { describe, expect, it } from 'vitest';
import { EventRegistry } from '../event-store/contracts';
import type { RecordedEvent } from '../event-store/port';
import { accessContracts, patientIdsIn } from './access-trail';

describe('the patients an answer shows', () => {
  it('finds patientId fields and the ids of patient objects at any depth, once each', () => {
    const answer = {
      success: true,
      data: {
        patients: [{ id: 'p1', name: 'Ada' }, { id: 'p2' }],
        requests: [{ id: 'lab1', patientId: 'p3' }],
        rows: [{ patient: { id: 'p1', name: 'Ada' }, actor: { id: 'u1' } }],
        invoice: { id: 'inv1', patientId: 'p4', lines: [{ id: 'l1' }] },
      },
    };
    expect(patientIdsIn(answer).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(patientIdsIn({ data: { users: [{ id: 'u1' }] } })).toEqual([]);
  });
});

describe('the RecordAccessed contract', () => {
  const registry = new EventRegistry(accessContracts);
  const recorded = (data: object): RecordedEvent =>
    ({
      id: 'e1',
      type: 'RecordAccessed',
      data,
      streamId: 's',
      revision: 0n,
      globalPosition: [1n, 1n],
      recordedAt: '2026-11-01T00:00:00.000Z',
      metadata: { schemaVersion: 1 },
    }) as unknown as RecordedEvent;
  const read = { subjectType: 'patient', subjectId: 'p1', what: 'detail', method: 'GET', route: '/', purpose: null };

  it('still reads an event written before list reads carried patients and terms', () => {
    expect(registry.decode(recorded(read)).data).toEqual(read);
  });

  it('reads a list read with its patients and terms', () => {
    const list = { ...read, subjectId: null, what: 'list', patientIds: ['p1', 'p2'], query: { search: 'ada' } };
    expect(registry.decode(recorded(list)).data).toEqual(list);
  });

  it('reads a replayed answer with the patients it showed', () => {
    const replay = {
      ...read,
      subjectId: null,
      what: 'registration',
      method: 'POST',
      replayed: true,
      patientIds: ['p1'],
    };
    expect(registry.decode(recorded(replay)).data).toEqual(replay);
  });
});
