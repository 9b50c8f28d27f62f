import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { RECORD_ID, wellFormed } from '../../shared/text';
import { chainHash, GENESIS, RECORDED_AT, type StoredEvent } from './chain';
import { verifyReads, type ReadsSummary } from './verify-reads';

export type Broken = {
  seq: number;
  eventId: string;
  eventType: string;
  time: string;
  action: string;
  /**
   * 'changed': the stored event no longer gives its hash; 'missing': it is gone from the table;
   * 'display': the entry shows another actor, role, time, address or request than its event holds;
   * 'views': the access report lacks a patient the event's read showed (issue 33);
   * 'reads': the entry is a `ReadsSealed` seal the access log's rows no longer give (`seal`).
   */
  reason: 'changed' | 'missing' | 'display' | 'views' | 'reads';
  /** For 'reads': the reads the seal covers, and how many rows of its range the access log holds now. */
  seal?: { count: number; found: number };
};

/**
 * `since`: when the chain's first entry was recorded (null for an empty trail), for "all N entries
 * since …". `reads`: the access log's reads under seals that matched, and those not sealed yet
 * (absent when the chain itself broke: its seals are not proved then).
 */
export type Verification =
  | { ok: true; checked: number; headHash: string | null; since: string | null; reads: ReadsSummary }
  | {
      ok: false;
      checked: number;
      headHash: string | null;
      since: string | null;
      broken: Broken;
      reads?: ReadsSummary;
    };

/**
 * How far the projected trail is behind the event log for one hospital: the hospital's events
 * the log holds up to the head at the time of the check that have no chained entry yet, and when
 * the oldest of them was recorded. A trail that stopped, or lags, is never reported intact.
 */
export type TrailLag = { recorded: number; projected: number; behind: number; oldestMissingAt: string | null };

type ChainRow = {
  seq: string;
  hash: string;
  event_id: string;
  event_type: string;
  occurred_at: Date;
  action: string;
  stored_id: string | null;
  actor_id: string;
  actor_name: string;
  actor_role: string;
  ip: string | null;
  request_id: string | null;
  patient_id: string | null;
  /** The patients the entry's view row holds (migration 0046): null when it has none. */
  views: string[] | null;
} & Omit<StoredEvent, 'event_id'>;

type Meta = {
  actor?: { userId?: string; name?: string; role?: string };
  ip?: string;
  requestId?: string;
  occurredAt?: string;
};

/**
 * Whether an entry shows what its event holds: the fields the trail, its CSV and the history
 * display straight from the event's metadata, as the projection writes them (text made well formed
 * only for an event it fell back on, so either form is accepted).
 */
function displayMatches(r: ChainRow): boolean {
  const m = (typeof r.metadata === 'string' ? JSON.parse(r.metadata) : r.metadata) as Meta;
  const same = (shown: string | null, held: string | null) => shown === held || shown === (held && wellFormed(held));
  const when = m.occurredAt && !Number.isNaN(Date.parse(m.occurredAt)) ? Date.parse(m.occurredAt) : null;
  return (
    same(r.actor_id, m.actor?.userId ?? 'system') &&
    same(r.actor_name, m.actor?.name ?? 'System') &&
    same(r.actor_role, m.actor?.role ?? 'system') &&
    same(r.ip, m.ip ?? null) &&
    same(r.request_id, m.requestId ?? null) &&
    r.event_type === r.type &&
    (when === null || new Date(r.occurred_at).getTime() === when)
  );
}

/**
 * Whether the access report holds every patient a read showed (as the projection writes them):
 * its view row, with the entry's time and actor, names each of them.
 */
function viewsHeld(r: ChainRow): boolean {
  const data = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as { patientIds?: unknown };
  if (!Array.isArray(data?.patientIds)) return true;
  const held = new Set(r.views ?? []);
  return data.patientIds.every(
    (id: unknown) => typeof id !== 'string' || id === r.patient_id || !RECORD_ID.test(id) || held.has(id),
  );
}

/**
 * Recomputes a hospital's chain from the events as the `events` table holds them now, in chain
 * order, and compares each hash with the one sealed when the entry was projected. Stops at the
 * first entry that no longer matches. Reads in chunks, so a million entries take constant memory,
 * and small ones (about 30 ms of hashing each), so other requests are not held up meanwhile. An
 * intact chain's `ReadsSealed` seals are then checked against the access log (verify-reads.ts).
 */
export async function verifyChain(db: Db, hospitalId: string, chunk = 1000): Promise<Verification> {
  let previous = GENESIS;
  let checked = 0;
  let afterSeq = 0n;
  let since: string | null = null;
  let lastSeq = 0;
  for (;;) {
    const { rows } = await sql<ChainRow>`
      select a.seq, a.hash, a.event_id::text as event_id, a.event_type, a.occurred_at, a.action,
             a.actor_id, a.actor_name, a.actor_role, a.ip, a.request_id, a.patient_id,
             case when e.data ? 'patientIds' then
               (select v.patient_ids from audit_patient_views v
                 where v.position = a.position and v.hospital_id = a.hospital_id and v.occurred_at = a.occurred_at
                   and v.actor_id = a.actor_id and v.actor_name = a.actor_name and v.actor_role = a.actor_role)
             end as views,
             e.event_id::text as stored_id, e.stream_id, e.stream_revision::text as stream_revision, e.type,
             e.data, e.metadata, ${sql.raw(RECORDED_AT.replace('recorded_at', 'e.recorded_at'))}
        from audit_events a
        left join events e on e.event_id = a.event_id
       where a.hospital_id = ${hospitalId} and a.seq > ${String(afterSeq)}::bigint
       order by a.seq
       limit ${chunk}`.execute(db);
    for (const r of rows) {
      const at = { seq: Number(r.seq), eventId: r.event_id, eventType: r.event_type, action: r.action };
      const time = new Date(r.occurred_at).toISOString();
      since ??= time;
      if (r.stored_id === null) {
        return { ok: false, checked, headHash: previous, since, broken: { ...at, time, reason: 'missing' } };
      }
      const hash = chainHash(previous, { ...r, event_id: r.stored_id });
      if (hash !== r.hash) {
        return { ok: false, checked, headHash: previous, since, broken: { ...at, time, reason: 'changed' } };
      }
      if (!displayMatches(r)) {
        return { ok: false, checked, headHash: previous, since, broken: { ...at, time, reason: 'display' } };
      }
      if (!viewsHeld(r)) {
        return { ok: false, checked, headHash: previous, since, broken: { ...at, time, reason: 'views' } };
      }
      previous = hash;
      lastSeq = at.seq;
      checked++;
    }
    if (rows.length < chunk) break;
    afterSeq = BigInt(rows[rows.length - 1]!.seq);
  }
  const headHash = checked ? previous : null;
  // The chain proved the seals' events; the access log's rows must still give each seal.
  const { reads, broken } = await verifyReads(db, hospitalId, lastSeq);
  if (broken) return { ok: false, checked, headHash, since, reads, broken: { ...broken, reason: 'reads' } };
  return { ok: true, checked, headHash, since, reads };
}

/**
 * The lag at `head` (the log's newest position when the check began), in one statement, so one
 * snapshot sees both sides: the events first, then the entries (an event committed meanwhile is
 * in neither count). The oldest missing event is looked for only when some are missing.
 */
export async function trailLag(db: Db, hospitalId: string, head: bigint): Promise<TrailLag> {
  const { rows } = await sql<{ recorded: string; projected: string }>`
    select (select count(*) from events where metadata->>'hospitalId' = ${hospitalId} and position <= ${String(head)}::bigint) as recorded,
           (select count(*) from audit_events where hospital_id = ${hospitalId} and seq is not null
                and position <= ${String(head)}::bigint) as projected`.execute(db);
  const recorded = Number(rows[0]!.recorded);
  const projected = Number(rows[0]!.projected);
  const behind = Math.max(0, recorded - projected);
  if (behind === 0) return { recorded, projected, behind, oldestMissingAt: null };
  const oldest = await sql<{ at: Date | null }>`
    select min(e.recorded_at) as at from events e
     where e.metadata->>'hospitalId' = ${hospitalId} and e.position <= ${String(head)}::bigint
       and not exists (select 1 from audit_events a where a.position = e.position and a.seq is not null)`.execute(db);
  const at = oldest.rows[0]?.at;
  return { recorded, projected, behind, oldestMissingAt: at ? new Date(at).toISOString() : null };
}
