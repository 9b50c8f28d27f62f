import { sql } from 'kysely';
import type { Db } from '../db/database';
import { metadataFor } from '../event-store/metadata';
import type { EventStore, GlobalPosition, RecordedEvent } from '../event-store/port';
import { createLogger } from '../logger';
import { defineProjection, type Projection } from './projection';

/**
 * Tests only: a projection that counts how often each event reached its table, so a test can
 * prove "every event applied exactly once" (count = events, max(times) = 1) instead of
 * trusting that a duplicate would have failed loudly.
 */
export type Counted = { type: 'Counted'; data: { seq: number } };

export const silentLog = createLogger('silent');

export async function createCountingTable(db: Db, table: string): Promise<void> {
  await sql`create table ${sql.table(table)} (
    event_id uuid primary key,
    seq int not null,
    times int not null default 1
  )`.execute(db);
}

export function countingProjection(
  name: string,
  table: string,
  options: {
    failOn?: (event: RecordedEvent<Counted>) => boolean;
    /**
     * How it fails: 'server' (default) as a fault of the server's own (SQLSTATE XX000) would, so the
     * runner waits and retries; 'event' as the event's own (a handler throwing on what it holds), so
     * the runner sets that event aside (parking.ts).
     */
    failure?: 'server' | 'event';
  } = {},
): Projection {
  return defineProjection<Counted>({
    name,
    handlers: {
      Counted: async (trx, event) => {
        if (options.failOn?.(event)) {
          const error = new Error(`${name} failed on event ${event.data.seq}`);
          throw options.failure === 'event' ? error : Object.assign(error, { code: 'XX000' });
        }
        await sql`insert into ${sql.table(table)} (event_id, seq) values (${event.id}, ${event.data.seq})
                  on conflict (event_id) do update set times = ${sql.table(table)}.times + 1`.execute(trx);
      },
    },
    reset: async (trx) => {
      await sql`delete from ${sql.table(table)}`.execute(trx);
    },
  });
}

export async function tableStats(db: Db, table: string): Promise<{ rows: number; maxTimes: number }> {
  const { rows } = await sql<{ rows: string; max_times: number | null }>`
    select count(*) as rows, max(times) as max_times from ${sql.table(table)}`.execute(db);
  return { rows: Number(rows[0]!.rows), maxTimes: rows[0]!.max_times ?? 0 };
}

/** Appends `count` Counted events (seq 1..count) in appends of `perAppend`; returns the last position. */
export async function appendCounted(
  store: EventStore,
  count: number,
  perAppend = 100,
  firstSeq = 1,
): Promise<GlobalPosition> {
  const metadata = metadataFor({ hospitalId: 'hospital-1' });
  let last: GlobalPosition | null = null;
  for (let start = 0; start < count; start += perAppend) {
    const n = Math.min(perAppend, count - start);
    const events = Array.from({ length: n }, (_, i) => ({
      type: 'Counted',
      data: { seq: firstSeq + start + i },
      metadata,
    }));
    last = (await store.append(`counter-${(firstSeq + start) % 7}`, events, { expectedRevision: 'any' })).position;
  }
  if (!last) throw new Error('appendCounted needs count > 0');
  return last;
}
