import { sql } from 'kysely';
import { storedFormOf, type RecordedEvent } from '../../../platform/event-store/port';
import type { BulkColumns } from '../../../platform/projections/bulk-insert';
import type { Trx } from '../../../platform/projections/projection';
import { entryRank } from '../actions';
import { STORED_EVENT_COLUMNS, type StoredEvent } from '../chain';

/** The audit trail's inputs beside its events (commit entries, patients, stored forms) and its bulk columns. */

/** What the trail keeps of the page it wrote last: its last transaction, and that transaction's commits with an entry. */
export type CarriedCommits = { feed_tx: string; has_primary: boolean; primary_commits: string[] | null };

/**
 * The commit an event came in, within its transaction: its correlation (the request's or the
 * reaction's). One command's events share it; a group commit's transaction holds many commits,
 * each of them (every list read of a burst, every registration) an entry of its own.
 */
const commitOf = (e: RecordedEvent) => e.metadata.correlationId ?? '';

/**
 * For each event, whether it is its commit's entry in the trail (at most one per commit), and the
 * commits of the page's last transaction that have their entry (null: the whole transaction has,
 * as a cursor written before migration 0047 says), which the next page continues from.
 */
export function primaryFlags(events: readonly RecordedEvent[], carried: CarriedCommits | null) {
  const flags = events.map(() => false);
  let last: Set<string> | null = new Set();
  let start = 0;
  while (start < events.length) {
    const tx = events[start]!.globalPosition[0];
    let end = start;
    while (end < events.length && events[end]!.globalPosition[0] === tx) end++;
    const continued = start === 0 && carried?.feed_tx === String(tx) && carried.has_primary;
    const wholeTx = continued && carried.primary_commits === null;
    const done = new Set(continued ? (carried.primary_commits ?? []) : []);
    const best = new Map<string, { pick: number; rank: number }>();
    for (let i = start; i < end && !wholeTx; i++) {
      const commit = commitOf(events[i]!);
      const rank = entryRank(events[i]!.type);
      if (rank === 2 || done.has(commit)) continue;
      const found = best.get(commit);
      if (!found || rank < found.rank) best.set(commit, { pick: i, rank });
    }
    for (const { pick } of best.values()) flags[pick] = true;
    last = wholeTx ? null : new Set([...done, ...best.keys()]);
    start = end;
  }
  return { flags, lastCommits: last === null ? null : [...last] };
}

/** The patient an event concerns: its subject when that is a patient, else the patient id it carries. */
export function patientOf(described: { subjectType: string | null; subjectId: string | null }, data: unknown) {
  if (described.subjectType === 'patient') return described.subjectId;
  const id = (data as { patientId?: unknown } | null)?.patientId;
  return typeof id === 'string' ? id : null;
}

/**
 * The stored form of the page's events: as the feed read brought it when it did (see StoredForm),
 * else read again from `events` (an adapter without it, or a copy of an event that lost it).
 */
export async function storedEvents(trx: Trx, events: readonly RecordedEvent[]): Promise<Map<string, StoredEvent>> {
  const out = new Map<string, StoredEvent>();
  const missing: string[] = [];
  for (const e of events) {
    const stored = storedFormOf(e);
    if (!stored) {
      missing.push(e.id);
      continue;
    }
    out.set(e.id, {
      event_id: e.id,
      stream_id: e.streamId,
      stream_revision: String(e.revision),
      type: e.type,
      data: stored.data,
      metadata: e.metadata,
      recorded_at: stored.recordedAtMicros,
    });
  }
  if (missing.length === 0) return out;
  const { rows } = await sql<StoredEvent>`select ${sql.raw(STORED_EVENT_COLUMNS)} from events
     where event_id = any(${missing}::uuid[])`.execute(trx);
  for (const r of rows) out.set(r.event_id, r);
  return out;
}

export const AUDIT_EVENT_COLUMNS: BulkColumns = {
  position: 'bigint',
  feed_tx: 'text',
  hospital_id: 'text',
  seq: 'bigint',
  hash: 'text',
  event_id: 'uuid',
  event_type: 'text',
  stream_id: 'text',
  stream_revision: 'bigint',
  occurred_at: 'timestamptz',
  actor_id: 'text',
  actor_name: 'text',
  actor_role: 'text',
  action: 'text',
  subject_type: 'text',
  subject_id: 'text',
  patient_id: 'text',
  outcome: 'text',
  ip: 'text',
  request_id: 'text',
  device_id: 'text',
  device_time: 'timestamptz',
  correlation_id: 'text',
  causation_id: 'text',
  primary_entry: 'boolean',
  data: 'jsonb',
};
export const VIEW_COLUMNS: BulkColumns = {
  hospital_id: 'text',
  position: 'bigint',
  // The patients the read showed (migration 0046).
  patient_ids: 'text[]',
  // The entry's window columns (migration 0030), which the access report reads without a join.
  occurred_at: 'timestamptz',
  actor_id: 'text',
  actor_name: 'text',
  actor_role: 'text',
  event_type: 'text',
  primary_entry: 'boolean',
};
