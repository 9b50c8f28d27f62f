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
 * hashes every event of the feed, whose objects come in few shapes (an event type's data, the
 * metadata): each shape's keys are sorted (by UTF-16 code unit, as the default sort does) and
 * quoted once, then reused for every object of that shape. Writes exactly what plain recursive
 * loops would (chain.unit.test.ts holds it to them), for any value.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const { sorted, quoted } = shapeOf(Object.keys(record));
  let out = '{';
  let first = true;
  for (let i = 0; i < sorted.length; i++) {
    const v = record[sorted[i]!];
    if (v === undefined) continue;
    out += (first ? '' : ',') + quoted[i]! + canonicalJson(v);
    first = false;
  }
  return `${out}}`;
}

type Shape = { sorted: string[]; quoted: string[] };
const SEP = '\u0000';
const shapes = new Map<string, Shape>();
const MAX_SHAPES = 10_000;

/**
 * An object's keys sorted, each with its quoted form and colon, by the keys in their own order. A
 * key holding the separator is never kept; and a list that merely joins to a kept one's text has
 * fewer keys than it, which the length check tells apart.
 */
function shapeOf(keys: string[]): Shape {
  const signature = keys.join(SEP);
  const known = shapes.get(signature);
  if (known && known.sorted.length === keys.length) return known;
  const sorted = keys.sort();
  const shape = { sorted, quoted: sorted.map((k) => `${JSON.stringify(k)}:`) };
  if (shapes.size < MAX_SHAPES && !sorted.some((k) => k.includes(SEP))) shapes.set(signature, shape);
  return shape;
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
