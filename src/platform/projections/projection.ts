import type { Transaction } from 'kysely';
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
  /** Empties the projection's tables before a rebuild. */
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
};

type HandlersFor<E extends DomainEvent> = {
  [K in E['type']]?: ProjectionHandler<Extract<E, { type: K }>>;
};

/** Typed construction: handler names must be event types of `E`, each receiving its own event. */
export function defineProjection<E extends DomainEvent>(p: {
  name: string;
  handlers: HandlersFor<E>;
  reset: (trx: Trx) => Promise<void>;
  inline?: boolean;
}): Projection {
  return p as unknown as Projection;
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
};

/** Anything the runner follows and `waitFor` can wait for: a projection, a reactor, a live consumer. */
export type FeedConsumerRef = { readonly name: string };
