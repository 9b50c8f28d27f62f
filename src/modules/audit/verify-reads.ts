import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { sealOf, sealStream } from './access-log/read-seal';

/** The access log in the answer: reads under a seal the check matched, and reads not sealed yet. */
export type ReadsSummary = { sealed: number; pending: number };

/** The first seal that no longer matches the access log. */
export type BrokenSeal = {
  seq: number;
  eventId: string;
  eventType: string;
  time: string;
  action: string;
  /** The reads the seal covers, and how many of its range the access log holds now. */
  seal: { count: number; found: number };
};

type SealRow = {
  revision: string;
  data: { fromPosition?: unknown; toPosition?: unknown; count?: unknown; digest?: unknown } | string;
  seq: string | null;
  event_id: string;
  event_type: string | null;
  occurred_at: Date | null;
  action: string | null;
};

/**
 * Checks a hospital's access log (migration 0050) against its `ReadsSealed` events, in their order:
 * each seal must start where the previous one ended ('0' for the first), and its range of
 * positions must still give the seal's count and digest. Only seals whose events the chain check
 * just proved (chained at `chainedUpTo` or before) count; the reads after the last of them are
 * `pending`, not a break: the sealer seals them within a second or two. Seals are read in chunks,
 * one query per seal for its rows.
 */
export async function verifyReads(
  db: Db,
  hospitalId: string,
  chainedUpTo: number,
  chunk = 1000,
): Promise<{ reads: ReadsSummary; broken: BrokenSeal | null }> {
  let previousTo = '0';
  let sealed = 0;
  let afterRevision = -1n;
  for (;;) {
    const { rows } = await sql<SealRow>`
      select e.stream_revision::text as revision, e.data, a.seq::text as seq, e.event_id::text as event_id,
             a.event_type, a.occurred_at, a.action
        from events e
        left join audit_events a on a.event_id = e.event_id and a.hospital_id = ${hospitalId}
       where e.stream_id = ${sealStream(hospitalId)} and e.stream_revision > ${String(afterRevision)}::bigint
       order by e.stream_revision
       limit ${chunk}`.execute(db);
    for (const r of rows) {
      // A seal the chain has not proved yet (appended since, or not yet projected): it and those after wait.
      if (r.seq === null || Number(r.seq) > chainedUpTo) return { reads: await summary(), broken: null };
      const d = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Exclude<SealRow['data'], string>;
      const count = typeof d.count === 'number' ? d.count : -1;
      const fromPosition = String(d.fromPosition);
      const toPosition = String(d.toPosition);
      const tiled = fromPosition === previousTo && /^\d{1,19}$/.test(toPosition);
      const found = tiled ? (await sealOf(hospitalId, fromPosition, toPosition).execute(db)).rows[0]! : null;
      if (!found || Number(found.count) !== count || found.digest !== d.digest) {
        const broken: BrokenSeal = {
          seq: Number(r.seq),
          eventId: r.event_id,
          eventType: r.event_type ?? 'ReadsSealed',
          time: new Date(r.occurred_at!).toISOString(),
          action: r.action ?? '',
          seal: { count: Math.max(0, count), found: found ? Number(found.count) : 0 },
        };
        return { reads: { sealed, pending: await pendingFrom(tiled ? toPosition : previousTo) }, broken };
      }
      sealed += count;
      previousTo = toPosition;
    }
    if (rows.length < chunk) break;
    afterRevision = BigInt(rows[rows.length - 1]!.revision);
  }
  return { reads: await summary(), broken: null };

  async function summary(): Promise<ReadsSummary> {
    return { sealed, pending: await pendingFrom(previousTo) };
  }
  async function pendingFrom(fromPosition: string): Promise<number> {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from audit_reads where hospital_id = ${hospitalId} and position >= ${fromPosition}::bigint`.execute(
      db,
    );
    return Number(rows[0]!.n);
  }
}
