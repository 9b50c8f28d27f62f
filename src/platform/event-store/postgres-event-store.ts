import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  WrongExpectedRevision,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  type Unsubscribe,
} from './port';

const CHANNEL = 'hms_events';

type EventRow = {
  position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: object;
  metadata: EventMetadata;
  recorded_at: Date;
};

// Selected as text because pg has no parser for xid8. ORDER BY must name `events.transaction_id`:
// a bare `transaction_id` there means this text alias, and '10000' sorts before '9999'.
const COLUMNS =
  'position, transaction_id::text as transaction_id, stream_id, stream_revision, event_id, type, data, metadata, recorded_at';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    streamId: row.stream_id,
    revision: BigInt(row.stream_revision),
    globalPosition: [BigInt(row.transaction_id), BigInt(row.position)],
    metadata: row.metadata,
    recordedAt: row.recorded_at.toISOString(),
  };
}

/**
 * The default event store, in the `events` table.
 *
 * The global feed is ordered by (transaction_id, position) and only ever returns events whose
 * writing transaction is older than the oldest transaction still running
 * (`pg_snapshot_xmin(pg_current_snapshot())`). A bigserial alone is not enough: a transaction
 * can take position 10, commit after another took 11, and a reader that already moved past 11
 * would skip 10 for ever. Below the snapshot's xmin every transaction has finished, so nothing
 * can appear behind the reader's cursor.
 */
export class PostgresEventStore implements EventStore {
  readonly name = 'postgres' as const;

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {}

  async append(stream: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }) {
    if (events.length === 0) throw new Error('append needs at least one event');
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.tryAppend(stream, events, expectedRevision);
      } catch (e) {
        // With 'any' a concurrent writer taking the same revision is not a conflict: try again.
        if (expectedRevision === 'any' && isUniqueRevisionViolation(e) && attempt < 20) continue;
        if (isUniqueRevisionViolation(e)) {
          throw new WrongExpectedRevision(stream, expectedRevision, await this.currentRevision(stream));
        }
        throw e;
      }
    }
  }

  /**
   * One statement, so one round trip and its own transaction: read the stream's revision, check
   * it, insert. Two writers expecting the same revision both pass the check, and the unique
   * (stream_id, stream_revision) index turns the later one away (see `append`).
   */
  private async tryAppend(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const { rows } = await this.pool.query<{
      current: string | null;
      position: string | null;
      transaction_id: string | null;
      revision: string | null;
    }>(
      `with current_revision as (
         select max(stream_revision) as rev from events where stream_id = $1
       ), inserted as (
         insert into events (stream_id, stream_revision, event_id, type, data, metadata)
         select $1, coalesce(c.rev, -1) + t.ord, t.id, t.type, t.data, t.meta
           from current_revision c,
                unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) with ordinality as t(id, type, data, meta, ord)
          where case $6::text when 'any' then true when 'no_stream' then c.rev is null else c.rev = $7::bigint end
          order by t.ord
         returning position, transaction_id, stream_revision
       )
       select c.rev::text as current, i.position::text as position,
              i.transaction_id::text as transaction_id, i.stream_revision::text as revision
         from current_revision c
         left join lateral (select * from inserted order by position desc limit 1) i on true`,
      [
        stream,
        events.map((e) => e.id ?? randomUUID()),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data)),
        events.map((e) => JSON.stringify(e.metadata)),
        typeof expected === 'bigint' ? 'revision' : expected,
        typeof expected === 'bigint' ? String(expected) : null,
      ],
    );
    const row = rows[0]!;
    if (row.position === null || row.transaction_id === null || row.revision === null) {
      throw new WrongExpectedRevision(stream, expected, row.current === null ? 'no_stream' : BigInt(row.current));
    }
    // Announced after the commit, in a statement of its own: a NOTIFY inside the writing transaction
    // holds a cluster-wide lock through that commit's disk flush, so concurrent appends would commit
    // one at a time. The events are stored either way: a failed announcement is not a failed append,
    // and the runners' poll finds the events.
    await this.pool.query(`select pg_notify('${CHANNEL}', '')`).catch(() => undefined);
    return {
      nextRevision: BigInt(row.revision),
      position: [BigInt(row.transaction_id), BigInt(row.position)] as GlobalPosition,
    };
  }

  private async currentRevision(stream: string) {
    const { rows } = await this.pool.query<{ rev: string | null }>(
      'select max(stream_revision) as rev from events where stream_id = $1',
      [stream],
    );
    const rev = rows[0]?.rev;
    return rev === null || rev === undefined ? ('no_stream' as const) : BigInt(rev);
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events where stream_id = $1 order by stream_revision`,
      [stream],
    );
    return rows.map(toRecorded);
  }

  async readAll({ after, limit }: { after: GlobalPosition | null; limit: number }): Promise<RecordedEvent[]> {
    const [tx, pos] = after ?? [0n, 0n];
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events
        where (transaction_id, position) > ($1::text::xid8, $2::bigint)
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by events.transaction_id, events.position
        limit $3`,
      [String(tx), String(pos), limit],
    );
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const { rows } = await this.pool.query<{ transaction_id: string; position: string }>(
      `select transaction_id::text as transaction_id, position from events
        order by events.transaction_id desc, events.position desc limit 1`,
    );
    const row = rows[0];
    return row ? [BigInt(row.transaction_id), BigInt(row.position)] : null;
  }

  async onAppended(onNew: () => void): Promise<Unsubscribe> {
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async () => {
      if (stopped) return;
      const c = new pg.Client({ connectionString: this.connectionString, application_name: 'hms-listener' });
      c.on('notification', () => onNew());
      c.on('error', () => {
        c.end().catch(() => undefined);
        if (client === c) client = undefined;
        // Events may have been appended while the connection was down.
        if (!stopped) retry = setTimeout(() => void connect().then(onNew, () => undefined), 500);
      });
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      client = c;
    };
    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    };
  }

  async close() {
    // The pool belongs to the caller.
  }
}

function isUniqueRevisionViolation(e: unknown): boolean {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { code?: string }).code === '23505' &&
    String((e as { constraint?: string }).constraint ?? '').includes('stream_id')
  );
}
