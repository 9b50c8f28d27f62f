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
 */
export type Projection = {
  name: string;
  handlers: Partial<Record<string, ProjectionHandler>>;
  /** Empties the projection's tables before a rebuild. */
  reset: (trx: Trx) => Promise<void>;
};

type HandlersFor<E extends DomainEvent> = {
  [K in E['type']]?: ProjectionHandler<Extract<E, { type: K }>>;
};

/** Typed construction: handler names must be event types of `E`, each receiving its own event. */
export function defineProjection<E extends DomainEvent>(p: {
  name: string;
  handlers: HandlersFor<E>;
  reset: (trx: Trx) => Promise<void>;
}): Projection {
  return p as unknown as Projection;
}
