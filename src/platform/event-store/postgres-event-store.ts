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

  private async tryAppend(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const current = await this.currentRevision(stream, client);
      if (expected !== 'any' && expected !== current) {
        throw new WrongExpectedRevision(stream, expected, current);
      }
      const first = current === 'no_stream' ? 0n : current + 1n;
      const result = await client.query<{ position: string; transaction_id: string }>(
        `insert into events (stream_id, stream_revision, event_id, type, data, metadata)
         select $1, t.rev, t.id, t.type, t.data, t.meta
           from unnest($2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) with ordinality
                as t(rev, id, type, data, meta, ord)
          order by t.ord
         returning position, transaction_id::text as transaction_id`,
        [
          stream,
          events.map((_, i) => String(first + BigInt(i))),
          events.map((e) => e.id ?? randomUUID()),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ],
      );
      await client.query(`select pg_notify('${CHANNEL}', '')`);
      await client.query('commit');
      const last = result.rows.reduce((a, b) => (BigInt(a.position) > BigInt(b.position) ? a : b));
      return {
        nextRevision: first + BigInt(events.length) - 1n,
        position: [BigInt(last.transaction_id), BigInt(last.position)] as GlobalPosition,
      };
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  }

  private async currentRevision(stream: string, client: pg.Pool | pg.PoolClient = this.pool) {
    const { rows } = await client.query<{ rev: string | null }>(
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
        order by transaction_id, position
        limit $3`,
      [String(tx), String(pos), limit],
    );
    return rows.map(toRecorded);
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const { rows } = await this.pool.query<{ transaction_id: string; position: string }>(
      `select transaction_id::text as transaction_id, position from events
        order by transaction_id desc, position desc limit 1`,
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
