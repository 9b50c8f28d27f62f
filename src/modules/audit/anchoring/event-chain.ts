import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { chainHash, GENESIS, STORED_EVENT_COLUMNS, type StoredEvent } from '../chain';

/** Where a hospital's chain stands: its entry count, head hash and the feed position of its last event. */
export type ChainPoint = { seq: number; hash: string; tx: string; position: string };

export const CHAIN_START: ChainPoint = { seq: 0, hash: GENESIS, tx: '0', position: '0' };

type Row = StoredEvent & { tx: string; pos: string };

/**
 * Walks a hospital's chain from `from` as the `events` table alone gives it: the hospital's events
 * in feed order (transaction, position), the same order and hashes the audit projection seals. The
 * hashes kept in `audit_events` play no part. `below` (an xid8) leaves out transactions that may
 * still be running, as the feed does. `visit` returning false stops the walk.
 */
export async function walkChain(
  db: Db,
  hospitalId: string,
  from: ChainPoint,
  visit: (point: ChainPoint) => boolean,
  options: { below?: string; chunk?: number } = {},
): Promise<ChainPoint> {
  const chunk = options.chunk ?? 1000;
  let at = from;
  for (;;) {
    const { rows } = await sql<Row>`
      select ${sql.raw(STORED_EVENT_COLUMNS)}, transaction_id::text as tx, position::text as pos
        from events
       where coalesce(metadata->>'hospitalId', '') = ${hospitalId}
         and (transaction_id, position) > (${at.tx}::xid8, ${at.position}::bigint)
         ${options.below ? sql`and transaction_id < ${options.below}::xid8` : sql``}
       order by coalesce(metadata->>'hospitalId', ''), transaction_id, position
       limit ${chunk}`.execute(db);
    for (const r of rows) {
      at = { seq: at.seq + 1, hash: chainHash(at.hash, r), tx: r.tx, position: r.pos };
      if (!visit(at)) return at;
    }
    if (rows.length < chunk) return at;
  }
}

/** The hospitals with events in transactions from `since` (inclusive) up to `below`. */
export async function hospitalsMoved(db: Db, since: string | null, below: string): Promise<string[]> {
  const { rows } = await sql<{ hospital_id: string }>`
    select distinct coalesce(metadata->>'hospitalId', '') as hospital_id
      from events
     where transaction_id < ${below}::xid8
       ${since ? sql`and transaction_id >= ${since}::xid8` : sql``}`.execute(db);
  return rows.map((r) => r.hospital_id);
}

/** Transactions below this have all finished: nothing can be added before them any more. */
export async function settledBound(db: Db): Promise<string> {
  const { rows } = await sql<{ xmin: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`.execute(
    db,
  );
  return rows[0]!.xmin;
}

/** Whether the hospital's event stands at the point's feed position in this database. */
export async function eventAt(db: Db, hospitalId: string, point: ChainPoint): Promise<boolean> {
  const { rows } = await sql`
    select 1 from events
     where transaction_id = ${point.tx}::xid8 and position = ${point.position}::bigint
       and coalesce(metadata->>'hospitalId', '') = ${hospitalId}`.execute(db);
  return rows.length > 0;
}
