import { hash } from 'node:crypto';

/**
 * Each hospital's trail is a hash chain: entry n's hash is SHA-256 over entry n-1's hash, a newline
 * and entry n's canonical JSON. Changing, removing or reordering any stored event changes every
 * hash from there on, so recomputing the chain from the event table names the first entry that
 * no longer matches. The chain covers the event as stored (not as today's contracts read it), so
 * an upcaster added later does not break old entries.
 */
export const GENESIS = '0'.repeat(64);

/** An event as the `events` table holds it, with its time at microsecond precision. */
export type StoredEvent = {
  event_id: string;
  stream_id: string;
  stream_revision: string;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: string;
};

/**
 * JSON with object keys sorted at every level and no whitespace: one text per value. A rebuild
 * hashes every event of the feed, so a value read from JSON (plain objects, arrays, strings,
 * numbers, booleans, null) is written by the engine's own JSON.stringify, given every key of the
 * value sorted by UTF-16 code unit (as the default sort does) as its property list: each object's
 * keys then come out in that order, at every level, and undefined values are left out, as the
 * loops of `canonicalJsonLoops` do. Anything else (a Date, a class instance, a value with toJSON)
 * goes through those loops, which treat it as the plain object of its own keys.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const keys = new Set<string>();
  if (!collectKeys(value, keys)) return canonicalJsonLoops(value);
  return JSON.stringify(value, [...keys].sort());
}

/** Adds every object key under `value` to `keys`; false when something is not plain JSON data. */
function collectKeys(value: object, keys: Set<string>): boolean {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      if (v !== null && typeof v === 'object' && !collectKeys(v, keys)) return false;
      if (typeof v === 'function' || typeof v === 'symbol') return false;
    }
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    // In a property list it would be read on every object, where it is the prototype.
    if (key === '__proto__') return false;
    keys.add(key);
    const v = record[key];
    if (v !== null && typeof v === 'object' && !collectKeys(v, keys)) return false;
    if (typeof v === 'function' || typeof v === 'symbol') return false;
  }
  return true;
}

/**
 * The definition as loops (keys sorted by UTF-16 code unit, as the default sort does) rather than
 * entries, filters and maps; exported so a test can hold `canonicalJson` to it.
 */
export function canonicalJsonLoops(value: unknown): string {
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

export function entryJson(e: StoredEvent): string {
  return canonicalJson({
    id: e.event_id,
    stream: e.stream_id,
    revision: e.stream_revision,
    type: e.type,
    data: e.data,
    metadata: e.metadata,
    recordedAt: e.recorded_at,
  });
}

export function chainHash(previous: string, e: StoredEvent): string {
  // One call on one string: a hash object and three updates cost more than the hashing of an entry.
  return hash('sha256', `${previous}\n${entryJson(e)}`, 'hex');
}

/** The commit time as the chain reads it: UTC, to the microsecond. */
export const RECORDED_AT = `to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_at`;

/** The stored form of events: the chain's input. */
export const STORED_EVENT_COLUMNS = `event_id::text as event_id, stream_id, stream_revision::text as stream_revision, type, data, metadata,
  ${RECORDED_AT}`;
