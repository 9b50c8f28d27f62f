import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  APPEND_SQL,
  appendOne,
  appendParameters,
  resultsOf,
  typesOf,
  type Appended,
  type InsertedRow,
  type QueryRunner,
} from './postgres-append';
import {
  attachStoredForm,
  WrongExpectedRevision,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  type ListenerState,
  type NewEvent,
  type RecordedEvent,
  type StreamWrite,
  type Unsubscribe,
} from './port';

const CHANNEL = 'hms_events';
/** The listener's first retry after losing its connection; doubled per failure up to the max. */
const LISTEN_RETRY_MS = 250;
const LISTEN_RETRY_MAX_MS = 10_000;
const NOTIFY_INTERVAL_MS = 5;
/** A notification's payload stays under PostgreSQL's 8000 bytes; past this it names no types (any may be new). */
const NOTIFY_PAYLOAD_MAX = 7000;

/**
 * A notification's payload: the sending store, then the types it appended since its last one
 * (`<sender> <type>,<type>`), or the sender alone when any type may be new. An empty payload (a
 * server of an earlier version) names neither: another's, any type.
 */
export function notificationPayload(sender: string, types: ReadonlySet<string> | null): string {
  if (!types) return sender;
  const payload = `${sender} ${[...types].join(',')}`;
  return payload.length > NOTIFY_PAYLOAD_MAX ? sender : payload;
}

export function readNotification(payload: string | undefined): { sender: string; types: string[] | undefined } {
  const [sender = '', types] = (payload ?? '').split(' ', 2);
  return { sender, types: types ? types.split(',') : undefined };
}

type EventRow = {
  position: string;
  transaction_id: string;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  data: object;
  metadata: EventMetadata;
  recorded_at: string;
};

// Selected as text because pg has no parser for xid8. ORDER BY must name `events.transaction_id`:
// a bare `transaction_id` there means this text alias, and '10000' sorts before '9999'.
// recorded_at comes formatted: parsing a timestamptz and formatting it again costs more per row than the rest.
// To the microsecond, for the stored form (the audit chain's); recordedAt keeps the milliseconds.
const COLUMNS = `position, transaction_id::text as transaction_id, stream_id, stream_revision, event_id, type, data, metadata,
  to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recorded_at`;

function toRecorded(row: EventRow): RecordedEvent {
  const event: RecordedEvent = {
    id: row.event_id,
    type: row.type,
    data: row.data,
    streamId: row.stream_id,
    revision: BigInt(row.stream_revision),
    globalPosition: [BigInt(row.transaction_id), BigInt(row.position)],
    metadata: row.metadata,
    // 'YYYY-MM-DDTHH:MI:SS.mmm' + 'Z': the microseconds cut to milliseconds, as to_char's MS does.
    recordedAt: `${row.recorded_at.slice(0, 23)}Z`,
  };
  return attachStoredForm(event, { data: row.data, recordedAtMicros: row.recorded_at });
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
  readonly atomicMultiStream = true;
  private readonly local = new Set<(types?: readonly string[]) => void>();
  private listener: ListenerState = { state: 'stopped', since: null, reconnects: 0, lastError: null };
  private notifyTimer: NodeJS.Timeout | null = null;
  /** The types appended since the last NOTIFY was sent (null: any type, an append that did not say). */
  private notifyTypes: Set<string> | null = new Set();
  /** This store's name in its notifications: its own come back to its listener, which skips them. */
  private readonly sender = randomUUID();

  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
  ) {}

  // Named statements are parsed and planned once per connection: a quarter of a one-row append.
  private readonly poolRunner: QueryRunner = async <R>(text: string, values: unknown[], name?: string) =>
    (await this.pool.query(name ? { name, text, values } : { text, values })).rows as R[];

  async append(stream: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }) {
    return (await this.appendMany([{ stream, events, expectedRevision }]))[0]!;
  }

  async appendMany(writes: StreamWrite[]): Promise<AppendResult[]> {
    for (let attempt = 0; ; attempt++) {
      try {
        const { results } = await this.appendOn(this.poolRunner, writes);
        this.announce(typesOf([writes]));
        return results;
      } catch (e) {
        // With 'any' a concurrent writer taking the same revision is not a conflict: try again. The
        // one-statement path reports the index's refusal as a WrongExpectedRevision (see `conflict`).
        const lostRace = isUniqueRevisionViolation(e) || e instanceof WrongExpectedRevision;
        if (lostRace && attempt < 20 && writes.every((w) => w.expectedRevision === 'any')) continue;
        throw e;
      }
    }
  }

  /**
   * Appends through `run`, which may be a caller's open transaction (the event log runs inline
   * projections in it). The caller must call `announce()` once that transaction has committed.
   */
  async appendOn(run: QueryRunner, writes: StreamWrite[]): Promise<Appended> {
    const single = writes.length === 1 && writes[0]!.events.length === 1;
    const [text, values, name] = single
      ? appendOne(writes[0]!)
      : [APPEND_SQL, appendParameters([writes]).values, 'hms-append-many'];
    let rows: InsertedRow[];
    try {
      rows = await run<InsertedRow>(text, values, name);
    } catch (e) {
      if (isUniqueRevisionViolation(e)) throw await this.conflict(writes, e);
      throw e;
    }
    if (rows.length === 0) throw await this.conflict(writes);
    return { results: resultsOf(writes, rows), rows };
  }

  /**
   * Several appends in one statement through `run` (a group commit's transaction): each is all or
   * nothing on its own; null for an append whose expected revisions did not hold, which wrote
   * nothing. A concurrent writer taking a revision first fails the whole statement (the unique
   * index), as it fails a lone append. The caller announces once its transaction has committed.
   */
  async appendBatchOn(run: QueryRunner, items: StreamWrite[][]): Promise<(Appended | null)[]> {
    return this.batchOn(run, items);
  }

  /**
   * `appendBatchOn` as one statement on the pool, in a transaction of its own: the statement is
   * all its transaction does, so BEGIN and COMMIT around it would only add two round trips.
   */
  async appendBatch(items: StreamWrite[][]): Promise<(Appended | null)[]> {
    return this.batchOn(this.poolRunner, items);
  }

  private async batchOn(run: QueryRunner, items: StreamWrite[][]): Promise<(Appended | null)[]> {
    const { values, ids } = appendParameters(items);
    const rows = await run<InsertedRow>(APPEND_SQL, values, 'hms-append-many');
    const byId = new Map(rows.map((r) => [r.event_id, r]));
    return items.map((writes, i) => {
      const mine = ids[i]!.flat().map((id) => byId.get(id));
      if (mine.some((r) => r === undefined)) return null;
      return { results: resultsOf(writes, mine as InsertedRow[]), rows: mine as InsertedRow[] };
    });
  }

  /**
   * Which write's expectation failed, with the revision its stream is really at. Read on the pool:
   * a caller's transaction is aborted after a failed statement, and committed state is the answer.
   */
  private async conflict(writes: StreamWrite[], cause?: unknown): Promise<Error> {
    for (const w of writes) {
      const actual = await this.currentRevision(w.stream).catch(() => null);
      if (actual === null) continue;
      const ok =
        w.expectedRevision === 'any' ||
        (w.expectedRevision === 'no_stream' ? actual === 'no_stream' : actual === w.expectedRevision);
      if (!ok) return new WrongExpectedRevision(w.stream, w.expectedRevision, actual);
    }
    // A concurrent writer took the revision after our check: report the first write's stream.
    const first = writes[0]!;
    if (cause && !isUniqueRevisionViolation(cause)) return cause as Error;
    return new WrongExpectedRevision(
      first.stream,
      first.expectedRevision,
      first.expectedRevision === 'any' ? -1n : 'no_stream',
    );
  }

  private async currentRevision(stream: string) {
    const rows = await this.poolRunner<{ rev: string | null }>(
      'select max(stream_revision) as rev from events where stream_id = $1',
      [stream],
    );
    const rev = rows[0]?.rev;
    return rev === null || rev === undefined ? ('no_stream' as const) : BigInt(rev);
  }

  /**
   * Tells readers that events of `types` (any type when not given) may be readable: this process's
   * own listeners at once, other processes through NOTIFY, sent after the commit and at most once
   * per NOTIFY_INTERVAL_MS for every append in that interval, naming every type they added. Inside
   * the writing transaction a NOTIFY would hold a cluster-wide lock through the commit's disk flush
   * and make concurrent appends commit one at a time; one per append would cost a round trip each.
   * A lost announcement only delays other processes until their poll.
   */
  announce(types?: readonly string[]): void {
    for (const listener of this.local) listener(types);
    if (!types) this.notifyTypes = null;
    else if (this.notifyTypes) for (const t of types) this.notifyTypes.add(t);
    if (this.notifyTimer) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      const payload = notificationPayload(this.sender, this.notifyTypes);
      this.notifyTypes = new Set();
      this.pool.query(`select pg_notify('${CHANNEL}', $1)`, [payload]).catch(() => undefined);
    }, NOTIFY_INTERVAL_MS);
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events where stream_id = $1 order by stream_revision`,
      [stream],
    );
    return rows.map(toRecorded);
  }

  async readStreamTail(stream: string, count: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events where stream_id = $1 order by stream_revision desc limit $2`,
      [stream, count],
    );
    return rows.reverse().map(toRecorded);
  }

  async readAll({ after, limit }: { after: GlobalPosition | null; limit: number }): Promise<RecordedEvent[]> {
    const [tx, pos] = after ?? [0n, 0n];
    const { rows } = await this.pool.query<EventRow>({
      name: 'hms-read-all',
      text: `select ${COLUMNS} from hms_events_after($1::text::xid8, $2::bigint, $3)`,
      values: [String(tx), String(pos), limit],
    });
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

  /** The notification listener's state, for health (see `onAppended`). */
  listenerState(): ListenerState {
    return { ...this.listener };
  }

  /**
   * Calls `onNew` on this process's own appends at once, and on every other server's through a
   * LISTEN connection (this store's own notifications, already told, are skipped), with the types
   * the appends added. A lost listener connection (the database restarted, the backend killed) is
   * made again with backoff, for as long as the store is open: meanwhile the runner's poll still
   * finds new events, only later. `onNew` is called after each reconnect, since events may have
   * been appended while it was down.
   */
  async onAppended(onNew: (types?: readonly string[]) => void): Promise<Unsubscribe> {
    this.local.add(onNew);
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    let failures = 0;
    const schedule = () => {
      if (stopped) return;
      this.listener.state = 'reconnecting';
      const delay = Math.min(LISTEN_RETRY_MAX_MS, LISTEN_RETRY_MS * 2 ** Math.min(failures, 8));
      retry = setTimeout(() => void attempt(), delay);
      retry.unref();
    };
    const lost = (c: pg.Client, err?: Error) => {
      if (client !== c || stopped) return;
      client = undefined;
      c.end().catch(() => undefined);
      this.listener.lastError = err?.message ?? 'the connection ended';
      failures++;
      schedule();
    };
    const attempt = async (): Promise<void> => {
      if (stopped) return;
      const c = new pg.Client({ connectionString: this.connectionString, application_name: 'hms-listener' });
      c.on('notification', (message) => {
        const { sender, types } = readNotification(message.payload);
        if (sender !== this.sender) onNew(types);
      });
      // From the moment it exists: an error on this connection must never crash the process.
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c));
      try {
        await c.connect();
        await c.query(`listen ${CHANNEL}`);
      } catch (err) {
        c.end().catch(() => undefined);
        this.listener.lastError = err instanceof Error ? err.message : String(err);
        failures++;
        schedule();
        return;
      }
      if (stopped) {
        await c.end().catch(() => undefined);
        return;
      }
      const again = this.listener.since !== null;
      client = c;
      failures = 0;
      this.listener = { ...this.listener, state: 'listening', since: new Date().toISOString() };
      if (again) {
        this.listener.reconnects++;
        onNew();
      }
    };
    await attempt();
    return async () => {
      stopped = true;
      this.local.delete(onNew);
      clearTimeout(retry);
      this.listener.state = 'stopped';
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    };
  }

  async close() {
    // The pool belongs to the caller; a pending announcement would outlive it.
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
  }
}

export function isUniqueRevisionViolation(e: unknown): boolean {
  return (
    typeof e === 'object' &&
    e !== null &&
    (e as { code?: string }).code === '23505' &&
    String((e as { constraint?: string }).constraint ?? '').includes('stream_id')
  );
}
