import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database';
import type { Projection } from '../projections/projection';
import type { EventRegistry } from './contracts';
import { PostgresEventStore, type InsertedRow, type QueryRunner } from './postgres-event-store';
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
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
  private readonly inlineByType = new Map<string, Projection[]>();
  private readonly pg: PostgresEventStore | null;

  constructor(
    private readonly adapter: EventStore,
    private readonly registry: EventRegistry,
    private readonly db: Db,
    inlineProjections: readonly Projection[] = [],
  ) {
    this.name = adapter.name;
    this.atomicMultiStream = adapter.atomicMultiStream;
    this.pg = adapter instanceof PostgresEventStore ? adapter : null;
    if (this.pg) {
      for (const p of inlineProjections) {
        for (const type of Object.keys(p.handlers)) {
          this.inlineByType.set(type, [...(this.inlineByType.get(type) ?? []), p]);
        }
      }
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
    const encoded = writes.map((w) => ({
      ...w,
      events: w.events.map((e) => this.registry.encode({ ...e, id: e.id ?? randomUUID() })),
    }));
    const inline = this.pg ? this.inlineFor(encoded) : [];
    if (inline.length === 0 || !this.pg) return this.adapter.appendMany(encoded);
    const pg = this.pg;
    const results = await this.db.transaction().execute(async (trx) => {
      const run: QueryRunner = async <R>(text: string, values: unknown[]) =>
        (await trx.executeQuery<R>(CompiledQuery.raw(text, values))).rows as R[];
      const { results, rows } = await pg.appendOn(run, encoded);
      const recorded = recordedFrom(encoded, rows);
      for (const event of recorded) {
        for (const p of this.inlineByType.get(event.type) ?? []) await p.handlers[event.type]!(trx, event);
      }
      return results;
    });
    pg.announce();
    return results;
  }

  private inlineFor(writes: StreamWrite[]): Projection[] {
    const found = new Set<Projection>();
    for (const w of writes) for (const e of w.events) for (const p of this.inlineByType.get(e.type) ?? []) found.add(p);
    return [...found];
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    return (await this.adapter.readStream(stream)).map((e) => this.registry.decode(e));
  }

  async readAll(options: { after: GlobalPosition | null; limit: number }): Promise<RecordedEvent[]> {
    return (await this.adapter.readAll(options)).map((e) => this.registry.decode(e));
  }

  headPosition(): Promise<GlobalPosition | null> {
    return this.adapter.headPosition();
  }

  onAppended(onNew: () => void): Promise<Unsubscribe> {
    return this.adapter.onAppended(onNew);
  }

  close(): Promise<void> {
    return this.adapter.close();
  }
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
