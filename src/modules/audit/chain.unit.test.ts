import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, chainHash, entryJson, GENESIS, type StoredEvent } from './chain';

/** The definition `canonicalJson` must match: keys sorted at every level, by plain recursive loops. */
function canonicalJsonLoops(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJsonLoops(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const v = record[key];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJsonLoops(v)}`;
    first = false;
  }
  return `${out}}`;
}

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

  it('writes the text of the plain definition (entries filtered, sorted, joined), so stored chains still verify', () => {
    // The definition the chain was first written with; the loops that replaced it must not change a byte.
    const reference = (value: unknown): string => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
      if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
    };
    const values: unknown[] = [
      { b: 1, a: { d: [1, { f: null, e: 'x' }], c: true }, '': 0 },
      { Z: 1, a: 2, é: 3, 'a b': [undefined, null, 'q"\\u2028'], _: { y: undefined }, '10': 1, '9': 2 },
      [],
      {},
      'text',
      12.5,
      [[{ k: [{}] }]],
    ];
    for (const v of values) expect(canonicalJson(v)).toBe(reference(v));
  });

  it('writes exactly what the plain loops write, whatever the value, shapes seen before or not', () => {
    const values: unknown[] = [
      // As events come from the store: keys in jsonb's order (shortest first), nested objects and lists.
      JSON.parse(
        '{"to":"seen","from":"waiting","vitals":{"pulse":80,"bp":"120/80"},"patientId":"p-1","ids":["a","b"]}',
      ),
      // A key one object has and another lacks, or holds undefined; keys that are numbers; unicode.
      { b: { x: 1, y: undefined }, a: [{ y: 2 }, { x: undefined, z: [] }], '10': 1, '9': { '10': null }, é: 'ü\u2028' },
      // Keys an object inherits must not show up: toString as an own key of one object only.
      { toString: 'own', inner: { value: 1 }, list: [{ constructor: 'own too' }, {}] },
      // An own __proto__ (JSON.parse makes one), and values that are not plain data.
      JSON.parse('{"__proto__":{"x":1},"a":{"b":2}}'),
      { at: new Date(0), a: 1 },
      { f: () => 1, s: Symbol('s'), n: 1 },
      [undefined, () => 1, { a: undefined }],
      Object.assign(Object.create(null) as object, { b: 1, a: { d: 2, c: 3 } }),
      -0,
      { n: -0, big: 1e21, small: 1e-7, nan: NaN },
      // Key lists that join to the same text with the separator inside a key.
      { a: 1, b: 2, c: 3 },
      { 'a\u0000b': 1, c: 2 },
      { a: 1, 'b\u0000c': 2 },
      {
        a: { c: 1, b: 2 },
        b: [
          { c: 3, b: 4 },
          { b: 5, c: 6 },
        ],
      },
    ];
    // Each value twice: the second time its shapes are known.
    values.push(...values);
    for (const v of values) expect(canonicalJson(v)).toBe(canonicalJsonLoops(v));
  });

  it('hashes as the chain was first written: SHA-256 of the previous hash, a newline and the entry, fed in three parts', () => {
    const entry = event({ firstName: 'Adé', lastName: 'Obi', vitals: { pulse: 80 }, ids: ['b', 'a'] });
    const first = createHash('sha256').update(GENESIS).update('\n').update(entryJson(entry)).digest('hex');
    expect(chainHash(GENESIS, entry)).toBe(first);
    const second = createHash('sha256').update(first).update('\n').update(entryJson(entry)).digest('hex');
    expect(chainHash(first, entry)).toBe(second);
  });

  it('changes the hash when the entry or the previous hash changes, and only then', () => {
    const h = chainHash(GENESIS, event({ firstName: 'Ada', lastName: 'Obi' }));
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(chainHash(GENESIS, event({ lastName: 'Obi', firstName: 'Ada' }))).toBe(h);
    expect(chainHash(GENESIS, event({ firstName: 'Ada', lastName: 'Obl' }))).not.toBe(h);
    expect(chainHash(h, event({ firstName: 'Ada', lastName: 'Obi' }))).not.toBe(h);
  });
});
