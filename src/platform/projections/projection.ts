import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DomainEvent, RecordedEvent } from '../event-store/port';

export type Trx = Transaction<Database>;

export type ProjectionHandler<E extends DomainEvent = DomainEvent> = (
  trx: Trx,
  event: RecordedEvent<E>,
) => Promise<void>;

/**
 * A named read model: one handler per event type it cares about, each writing only the
 * projection's own tables inside the transaction that also moves its checkpoint.
 *
 * `inline`: the module's own list that must be fresh for the next request. On PostgreSQL its
 * handlers run in the append's transaction (see EventLog); elsewhere the runner applies it.
 * Handlers of any projection must be idempotent by position: applying an event twice, or an
 * older event after a newer one of the same stream, changes nothing.
 */
export type Projection = {
  name: string;
  handlers: Partial<Record<string, ProjectionHandler>>;
  /**
   * Optional: one statement for a run of consecutive events of one type (a burst of commands in
   * one group commit, a page of the feed in a catch-up or rebuild), leaving the tables exactly as
   * its rule applied to each event in order would. Through `defineProjection`, such a type's
   * `handlers` entry is the batch handler given a run of one, so the rule is written once.
   * Types without one go event by event.
   */
  batchHandlers?: Partial<Record<string, (trx: Trx, events: RecordedEvent[]) => Promise<void>>>;
  /**
   * Each of its rows belongs to one stream (counters it only adds to aside), so events of
   * different streams may be applied in any order among themselves. A page is then applied in
   * layers, every stream's first event of the page, then every second one…, each layer grouped
   * by type: a page of interleaved registrations, status changes and vitals becomes a few runs
   * for the batch handlers instead of runs of one. Events of one stream keep their order.
   */
  independentStreams?: boolean;
  /**
   * Indexes of its tables that only its query functions use, never its handlers: a rebuild of
   * every projection drops them and builds them once at the end (see deferred-indexes.ts).
   */
  deferredIndexes?: readonly string[];
  /** Empties the projection's tables before a rebuild (`emptyTables`). */
  reset: (trx: Trx) => Promise<void>;
  inline?: boolean;
  /**
   * A projection over the whole feed (the audit trail) takes each page at once instead of per
   * type: every event, whatever its type, in feed order, so it can write the page in a few
   * statements. Never inline.
   */
  everyEvent?: (trx: Trx, events: readonly RecordedEvent[]) => Promise<void>;
  /**
   * With `everyEvent`: the event types it has any use for. A page with none of them moves the
   * checkpoint in memory only, as a page without a handled type does for the others.
   */
  eventTypes?: readonly string[];
  /**
   * Optional: how to write an event its handlers fail on because of what it holds, instead of
   * parking it (parking.ts). The audit trail writes a chained entry with a fallback description,
   * so a hospital's trail never has a hole or a stop. Runs in the transaction that moves the checkpoint.
   */
  fallback?: (trx: Trx, event: RecordedEvent) => Promise<void>;
};

/** Handlers keyed by the types of `E`, each receiving its own event. */
export type HandlersFor<E extends DomainEvent> = {
  [K in E['type']]?: ProjectionHandler<Extract<E, { type: K }>>;
};

type BatchHandlersFor<E extends DomainEvent> = {
  [K in E['type']]?: (trx: Trx, events: RecordedEvent<Extract<E, { type: K }>>[]) => Promise<void>;
};

/**
 * Applies `events` (in feed order) to a projection in `trx`: each run of consecutive events of a
 * type with a batch handler in one call, every other event through its own handler.
 */
export async function applyEvents(projection: Projection, trx: Trx, events: readonly RecordedEvent[]): Promise<void> {
  const batch = projection.batchHandlers ?? {};
  // Events it has no handler for change nothing, so they do not break a run.
  const handled = events.filter((e) => projection.handlers[e.type]);
  const runs = projection.independentStreams ? inLayers(handled) : sameTypeRuns(handled);
  for (const run of runs) {
    const many = batch[run[0]!.type];
    if (many) await many(trx, run);
    else for (const e of run) await projection.handlers[e.type]!(trx, e);
  }
}

function sameTypeRuns(events: readonly RecordedEvent[]): RecordedEvent[][] {
  const runs: RecordedEvent[][] = [];
  for (const e of events) {
    const last = runs[runs.length - 1];
    if (last && last[0]!.type === e.type) last.push(e);
    else runs.push([e]);
  }
  return runs;
}

/**
 * The runs layer by layer (each stream's first event, then its second…), a run per type of each
 * layer in order of appearance. A run never crosses into the next layer, even when the type is the
 * same: it would hold two events of one stream, which one statement cannot apply in order.
 */
function inLayers(events: readonly RecordedEvent[]): RecordedEvent[][] {
  const seen = new Map<string, number>();
  const layers: Map<string, RecordedEvent[]>[] = [];
  for (const e of events) {
    const depth = seen.get(e.streamId) ?? 0;
    seen.set(e.streamId, depth + 1);
    const layer = (layers[depth] ??= new Map());
    const ofType = layer.get(e.type);
    if (ofType) ofType.push(e);
    else layer.set(e.type, [e]);
  }
  return layers.flatMap((layer) => [...layer.values()]);
}

/**
 * A projection's `reset`: its tables emptied in one TRUNCATE, which frees their pages and empties
 * their indexes at once. A DELETE of a read model of millions of rows took minutes and left them all
 * dead, for the rebuild's inserts to write past and autovacuum to clean while the rebuild runs. Read
 * models have no DELETE triggers to bypass (only `events` has, and the app may not truncate it).
 */
export async function emptyTables(trx: Trx, tables: readonly (keyof Database & string)[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`truncate table ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
}

/**
 * Typed construction: handler names must be event types of `E`, each receiving its own event.
 *
 * Each rule is written once. A type with a batch handler has no handler of its own: its handler is
 * the batch handler given a run of one (what an event alone, a live append, is). Writing both would
 * be the same rule twice, which drifts; `defineProjection` refuses it. The event-by-event versions
 * kept as an oracle for the batch handlers live in the tests (test/projection-oracles.ts).
 */
export function defineProjection<E extends DomainEvent>(p: {
  name: string;
  handlers: HandlersFor<E>;
  batchHandlers?: BatchHandlersFor<E>;
  independentStreams?: boolean;
  deferredIndexes?: readonly string[];
  reset: (trx: Trx) => Promise<void>;
  inline?: boolean;
}): Projection {
  const projection = p as unknown as Projection;
  const batch = projection.batchHandlers ?? {};
  const handlers: Projection['handlers'] = { ...projection.handlers };
  for (const [type, many] of Object.entries(batch)) {
    if (!many) continue;
    if (handlers[type]) {
      throw new Error(`Projection ${p.name}: ${type} has a handler and a batch handler; write its rule once`);
    }
    handlers[type] = (trx, event) => many(trx, [event]);
  }
  return { ...projection, handlers };
}

/**
 * A process manager: a checkpointed consumer of the feed that turns events into commands (release
 * a seat after a deletion, provision an account after a verification). It runs at least once per
 * event, so `react` must be idempotent: a replay after a crash finds the work done and does nothing.
 */
export type Reactor = {
  name: string;
  /** Event types it reacts to; the others only move its checkpoint. */
  handles: readonly string[];
  react: (event: RecordedEvent) => Promise<void>;
  /**
   * Where it starts when it has no checkpoint yet. 'feed-start' (default): every event ever
   * recorded. 'feed-head': only events after the feed's head at its first start, recorded as its
   * checkpoint then, for a reactor added to a system with history it must not act on (billing
   * must not invoice the consultations of the years before billing existed).
   */
  firstStart?: 'feed-start' | 'feed-head';
};

/**
 * Typed construction of a reactor: `handles` must be event types of `E`, and `react` receives
 * `RecordedEvent<E>`, narrowed by `event.type` like any union, with no cast in the module. The
 * runner hands `react` only events of the types in `handles` (batches.ts, runner.ts,
 * retry-parked.ts), read through the event registry, which checked each against its contract.
 */
export function defineReactor<E extends DomainEvent>(r: {
  name: string;
  handles: readonly E['type'][];
  react: (event: RecordedEvent<E>) => Promise<void>;
  firstStart?: Reactor['firstStart'];
}): Reactor {
  return { ...r, react: r.react as Reactor['react'] };
}

/** Anything the runner follows and `waitFor` can wait for: a projection, a reactor, a live consumer. */
export type FeedConsumerRef = { readonly name: string };
