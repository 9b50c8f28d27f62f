import { describe, expect, it } from 'vitest';
import { canonicalJson, chainHash, GENESIS, type StoredEvent } from './chain';

const event = (data: unknown): StoredEvent => ({
  event_id: '00000000-0000-4000-8000-000000000001',
  stream_id: 'patient-1',
  stream_revision: '0',
  type: 'PatientRegistered',
  data,
  metadata: { hospitalId: 'h1', actor: { userId: 'u1', role: 'admin', name: 'Ada' } },
  recorded_at: '2026-11-20T10:15:00.123456Z',
});

describe('the hash chain', () => {
  it('writes one text per value whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: null, e: 'x' }], c: true } })).toBe(
      '{"a":{"c":true,"d":[1,{"e":"x","f":null}]},"b":1}',
    );
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
  });

  it('changes the hash when the entry or the previous hash changes, and only then', () => {
    const h = chainHash(GENESIS, event({ firstName: 'Ada', lastName: 'Obi' }));
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash(GENESIS, event({ lastName: 'Obi', firstName: 'Ada' }))).toBe(h);
    expect(chainHash(GENESIS, event({ firstName: 'Ada', lastName: 'Obl' }))).not.toBe(h);
    expect(chainHash(h, event({ firstName: 'Ada', lastName: 'Obi' }))).not.toBe(h);
  });
});
