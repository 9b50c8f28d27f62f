import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { sealsOf, sealStream } from './access-log/read-seal';

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
 * `pending`, not a break: the sealer seals them within about ten seconds. Seals are read in chunks,
 * and each chunk's rows are counted and hashed in one query.
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
    // The seals the chain proved, in order, up to the first it has not (appended since, or not yet
    // projected): that one and those after it wait, their reads pending.
    const waiting = rows.findIndex((r) => r.seq === null || Number(r.seq) > chainedUpTo);
    const proved = (waiting === -1 ? rows : rows.slice(0, waiting)).map((r) => ({
      ...r,
      d: (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Exclude<SealRow['data'], string>,
    }));
    // Each starts where the one before it ended: the ranges up to the first that does not, checked in one query.
    const ranges: { from: string; to: string }[] = [];
    for (const { d } of proved) {
      const from = String(d.fromPosition);
      const to = String(d.toPosition);
      if (from !== (ranges.at(-1)?.to ?? previousTo) || !/^\d{1,19}$/.test(to)) break;
      ranges.push({ from, to });
    }
    const found = ranges.length ? (await sealsOf(hospitalId, ranges).execute(db)).rows : [];
    for (const [k, r] of proved.entries()) {
      const count = typeof r.d.count === 'number' ? r.d.count : -1;
      const f = found[k];
      if (!f || Number(f.count) !== count || f.digest !== r.d.digest) {
        const broken: BrokenSeal = {
          seq: Number(r.seq),
          eventId: r.event_id,
          eventType: r.event_type ?? 'ReadsSealed',
          time: new Date(r.occurred_at!).toISOString(),
          action: r.action ?? '',
          seal: { count: Math.max(0, count), found: f ? Number(f.count) : 0 },
        };
        return { reads: { sealed, pending: await pendingFrom(f ? ranges[k]!.to : previousTo) }, broken };
      }
      sealed += count;
      previousTo = ranges[k]!.to;
    }
    if (waiting !== -1) return { reads: await summary(), broken: null };
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
