import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { prepared } from '../db/prepared';
import type { Db } from '../db/database';
import { applyEvents, type Projection, type Trx } from '../projections/projection';
import { GroupCommit, type BatchOutcome } from './group-commit';
import type { EventRegistry } from './contracts';
import { typesOf, type InsertedRow, type QueryRunner } from './postgres-append';
import { PostgresEventStore } from './postgres-event-store';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  ListenerState,
  NewEvent,
  RecordedEvent,
  StreamWrite,
  Unsubscribe,
} from './port';

/**
 * The event store as the application uses it (`platform.store`): the adapter behind the port,
 * with every module's contracts checked at the boundary, and inline projections.
 *
 * An inline projection is a module's own read model that must be fresh for the very next request
 * (the patient list after a registration). On PostgreSQL its handlers run in the append's own
 * transaction, so the rows commit with the events or not at all and nobody waits for a background
 * runner. On EventStoreDB there is no shared transaction, and the runner applies them like any
 * other projection. Cross-module copies are never inline.
 */
export class EventLog implements EventStore {
  readonly name: EventStore['name'];
  readonly atomicMultiStream: boolean;
  private readonly inlineProjections: readonly Projection[];
  private readonly pg: PostgresEventStore | null;
  /** PostgreSQL only: concurrent appends share a transaction (see GroupCommit). */
  private readonly commits: GroupCommit<AppendResult[]> | null;

  constructor(
    private readonly adapter: EventStore,
    private readonly registry: EventRegistry,
    private readonly db: Db,
    inlineProjections: readonly Projection[] = [],
  ) {
    this.name = adapter.name;
    this.atomicMultiStream = adapter.atomicMultiStream;
    const pg = adapter instanceof PostgresEventStore ? adapter : null;
    this.pg = pg;
    this.inlineProjections = pg ? inlineProjections : [];
    this.commits = pg
      ? new GroupCommit({
          commitAlone: (writes) => this.timed(1, () => this.commitAlone(pg, writes)),
          commitBatch: (items) => this.timed(items.length, () => this.commitBatch(pg, items)),
        })
      : null;
  }

  /** Told of each commit of the group commit: how long it took and how many appends it held (metrics). */
  observeCommit: ((seconds: number, appends: number) => void) | undefined;

  private async timed<T>(appends: number, commit: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await commit();
    } finally {
      this.observeCommit?.((performance.now() - started) / 1000, appends);
    }
  }

  /** True when inline projections run in the append's transaction (PostgreSQL). */
  get appliesInline(): boolean {
    return this.pg !== null;
  }

  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    return this.appendMany([{ stream, events, expectedRevision: options.expectedRevision }]).then((r) => r[0]!);
  }

  async appendMany(writes: StreamWrite[]): Promise<AppendResult[]> {
    const encoded = this.encode(writes);
    return this.commits ? this.commits.append(encoded) : this.adapter.appendMany(encoded);
  }

  /**
   * Runs `alongside` (statements of the caller's) and appends the writes it returns, in one
   * transaction on PostgreSQL: both commit or neither does (the access log's sealer moves its bounds
   * with its seals). On EventStoreDB, which shares no transaction, `alongside` commits first and the
   * append follows. Outside the group commit: the caller's writes are few and its own.
   */
  async appendAlongside(alongside: (trx: Trx) => Promise<StreamWrite[]>): Promise<AppendResult[]> {
    const pg = this.pg;
    if (!pg) {
      const writes = this.encode(await this.db.transaction().execute(alongside));
      return writes.length ? this.adapter.appendMany(writes) : [];
    }
    let types: string[] = [];
    const results = await this.db.transaction().execute(async (trx) => {
      const writes = this.encode(await alongside(trx));
      if (writes.length === 0) return [];
      types = typesOf([writes]);
      const { results, rows } = await pg.appendOn(runnerOn(trx), writes);
      await this.applyInline(trx, recordedFrom(writes, rows));
      return results;
    });
    if (types.length) pg.announce(types);
    return results;
  }

  /** Each event checked against its contract and given its id. */
  private encode(writes: StreamWrite[]): StreamWrite[] {
    return writes.map((w) => ({
      ...w,
      events: w.events.map((e) => this.registry.encode({ ...e, id: e.id ?? randomUUID() })),
    }));
  }

  /** One append in its own transaction, with its inline projections; its own conflict when it fails. */
  private async commitAlone(pg: PostgresEventStore, writes: StreamWrite[]): Promise<AppendResult[]> {
    if (this.inlineFor(writes).length === 0) return pg.appendMany(writes);
    const results = await this.db.transaction().execute(async (trx) => {
      const { results, rows } = await pg.appendOn(runnerOn(trx), writes);
      await this.applyInline(trx, recordedFrom(writes, rows));
      return results;
    });
    pg.announce(typesOf([writes]));
    return results;
  }

  /** Several appends in one transaction (see GroupCommit); those whose revisions failed wrote nothing. */
  private async commitBatch(pg: PostgresEventStore, items: StreamWrite[][]): Promise<BatchOutcome<AppendResult[]>[]> {
    // Nothing inline to apply (a burst of list reads' access events): the append statement is the
    // whole transaction, so it runs as one, without a BEGIN and a COMMIT of their own.
    if (items.every((writes) => this.inlineFor(writes).length === 0)) {
      const appended = await pg.appendBatch(items);
      pg.announce(typesOf(items));
      return appended.map((a) => (a ? { committed: true as const, value: a.results } : { committed: false as const }));
    }
    const outcomes = await this.db.transaction().execute(async (trx) => {
      const appended = await pg.appendBatchOn(runnerOn(trx), items);
      const recorded = items.flatMap((writes, i) => (appended[i] ? recordedFrom(writes, appended[i].rows) : []));
      await this.applyInline(trx, recorded);
      return appended.map((a) => (a ? { committed: true as const, value: a.results } : { committed: false as const }));
    });
    pg.announce(typesOf(items));
    return outcomes;
  }

  private async applyInline(trx: Trx, recorded: RecordedEvent[]): Promise<void> {
    for (const p of this.inlineProjections) await applyEvents(p, trx, recorded);
  }

  private inlineFor(writes: StreamWrite[]): Projection[] {
    return this.inlineProjections.filter((p) => writes.some((w) => w.events.some((e) => p.handlers[e.type])));
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    return (await this.adapter.readStream(stream)).map((e) => this.registry.decode(e));
  }

  async readStreamTail(stream: string, count: number): Promise<RecordedEvent[]> {
    return (await this.adapter.readStreamTail(stream, count)).map((e) => this.registry.decode(e));
  }

  async readAll(options: { after: GlobalPosition | null; limit: number }): Promise<RecordedEvent[]> {
    return (await this.adapter.readAll(options)).map((e) => this.registry.decode(e));
  }

  headPosition(): Promise<GlobalPosition | null> {
    return this.adapter.headPosition();
  }

  onAppended(onNew: (types?: readonly string[]) => void): Promise<Unsubscribe> {
    return this.adapter.onAppended(onNew);
  }

  listenerState(): ListenerState | undefined {
    return this.adapter.listenerState?.();
  }

  close(): Promise<void> {
    return this.adapter.close();
  }
}

/** Runs the store's statements in `trx`; the named ones (fixed texts) as prepared statements. */
function runnerOn(trx: Trx): QueryRunner {
  return async <R>(text: string, values: unknown[], name?: string) => {
    const query = CompiledQuery.raw(text, values) as CompiledQuery<R>;
    return (await trx.executeQuery(name ? prepared(query) : query)).rows;
  };
}

/** The recorded events of a committed append, in write order, from the rows the statement returned. */
function recordedFrom(writes: StreamWrite[], rows: InsertedRow[]): RecordedEvent[] {
  const byId = new Map(rows.map((r) => [r.event_id, r]));
  return writes.flatMap((w) =>
    w.events.map((e) => {
      const row = byId.get(e.id!)!;
      return {
        id: e.id!,
        type: e.type,
        data: e.data,
        metadata: e.metadata,
        streamId: w.stream,
        revision: BigInt(row.stream_revision),
        globalPosition: [BigInt(row.transaction_id), BigInt(row.position)] as GlobalPosition,
        recordedAt: new Date(row.recorded_at).toISOString(),
      };
    }),
  );
}
