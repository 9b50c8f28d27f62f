import { createHash } from 'node:crypto';

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
 * JSON with object keys sorted at every level and no whitespace: one text per value. Written as
 * loops (keys sorted by UTF-16 code unit, as the default sort does) rather than entries, filters
 * and maps: a rebuild hashes every event of the feed, and the allocations were most of its cost.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + canonicalJson(value[i]);
    return `${out}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const v = record[key];
    if (v === undefined) continue;
    out += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(v)}`;
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
  return createHash('sha256').update(previous).update('\n').update(entryJson(e)).digest('hex');
}

/** The commit time as the chain reads it: UTC, to the microsecond. */
export const RECORDED_AT = `to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_at`;

/** The stored form of events: the chain's input. */
export const STORED_EVENT_COLUMNS = `event_id::text as event_id, stream_id, stream_revision::text as stream_revision, type, data, metadata,
  ${RECORDED_AT}`;
