import type { Decider } from './decider';
import { crashPoint } from '../crash-points';
import { IdempotencyKeyHeld, idempotencyStream, pendingReservation } from '../idempotency/reservation';
import {
  WrongExpectedRevision,
  type DomainEvent,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from './port';

/** An aggregate loaded in a unit of work: its folded state and the revision it was read at. */
export type Loaded<C, E extends DomainEvent, S> = {
  readonly stream: string;
  readonly decider: Decider<C, E, S>;
  state: S;
  /** The revision read from the store (null: no stream); what the append expects. */
  readonly revision: bigint | null;
  /** The stream's events as read, for callers that need history (e.g. a field's old value). */
  readonly history: RecordedEvent[];
  /** Events decided in this unit of work so far. */
  readonly decided: E[];
  /** The version (events in the stream) the caller says it last saw; checked after deciding. */
  readonly expectedVersion?: number;
};

type Staged = { expectedRevision: ExpectedRevision; events: NewEvent[] };

/**
 * One command's work across one or more streams, committed as one append (atomic on PostgreSQL).
 * Aggregates are loaded, commands decided on their state, and the events staged with the
 * revisions they were decided on; `commit` writes them all or none. A domain rule the decider
 * breaks (404, 400) is thrown by `decide` before any version check, so it wins over a 409.
 */
export class UnitOfWork {
  private readonly loaded = new Map<string, Loaded<unknown, DomainEvent, unknown>>();
  private readonly staged = new Map<string, Staged>();
  private readonly afterCommit: (() => void)[] = [];

  /** Streams loaded on the assumption that they do not exist yet (see `load`). */
  readonly assumed = new Set<string>();

  constructor(
    private readonly store: EventStore,
    readonly metadata: EventMetadata,
    /** Streams an earlier attempt found to exist: read them, assume nothing. */
    private readonly mustRead: ReadonlySet<string> = new Set(),
  ) {}

  /** True when the commit is atomic across streams (PostgreSQL). */
  get atomic(): boolean {
    return this.store.atomicMultiStream;
  }

  /** Whether a stream has any event (read outside the unit of work's staged changes). */
  async exists(stream: string): Promise<boolean> {
    const loaded = this.loaded.get(stream);
    if (loaded) return loaded.revision !== null;
    return (await this.store.readStream(stream)).length > 0;
  }

  /**
   * Reads and folds a stream once per unit of work; `expectedVersion` pins what the client saw.
   * `isNew`: a fresh random id, which has no history. `assumeNew`: most likely no history (a
   * value nobody reserved yet): skip the read, and if the stream does exist after all, the commit
   * fails on its revision and `transact` runs the work again with the stream read. `latestOnly`:
   * the decider's state is its stream's last event (a counter whose events carry the number
   * reached), so only that event is read: the load stays constant as the stream grows, and the
   * append still expects the stream's true revision.
   */
  async load<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    stream: string,
    options: { expectedVersion?: number; isNew?: boolean; assumeNew?: boolean; latestOnly?: boolean } = {},
  ): Promise<Loaded<C, E, S>> {
    const cached = this.loaded.get(stream);
    if (cached) return cached as unknown as Loaded<C, E, S>;
    const skipRead = options.isNew || (options.assumeNew && !this.mustRead.has(stream));
    if (options.assumeNew && skipRead) this.assumed.add(stream);
    const history = skipRead
      ? []
      : options.latestOnly
        ? await this.store.readStreamTail(stream, 1)
        : await this.store.readStream(stream);
    const state = history.reduce((s, e) => decider.evolve(s, e as unknown as E), decider.initialState());
    const loaded: Loaded<C, E, S> = {
      stream,
      decider,
      state,
      revision: history.length ? history[history.length - 1]!.revision : null,
      history,
      decided: [],
      expectedVersion: options.expectedVersion,
    };
    this.loaded.set(stream, loaded as unknown as Loaded<unknown, DomainEvent, unknown>);
    return loaded;
  }

  /** Decides `command` on the aggregate's current state, stages the events and folds them in. */
  decide<C, E extends DomainEvent, S>(aggregate: Loaded<C, E, S>, command: C): E[] {
    const events = aggregate.decider.decide(command, aggregate.state);
    if (events.length === 0) return events;
    const { expectedVersion, revision } = aggregate;
    if (expectedVersion !== undefined && BigInt(expectedVersion) - 1n !== (revision ?? -1n)) {
      throw new WrongExpectedRevision(aggregate.stream, BigInt(expectedVersion) - 1n, revision ?? 'no_stream');
    }
    this.stage(aggregate.stream, revision === null ? 'no_stream' : revision, events);
    aggregate.state = events.reduce(aggregate.decider.evolve, aggregate.state);
    aggregate.decided.push(...events);
    return events;
  }

  /** Stages raw events on a stream (for platform-level streams such as reservations). */
  stage(stream: string, expectedRevision: ExpectedRevision, events: DomainEvent[]): void {
    const existing = this.staged.get(stream);
    const withMeta = events.map((e) => ({ ...e, metadata: this.metadata }));
    if (existing) existing.events.push(...withMeta);
    else this.staged.set(stream, { expectedRevision, events: withMeta });
  }

  /** Runs after a successful commit, in this process (e.g. dropping a cached session). */
  onCommit(callback: () => void): void {
    this.afterCommit.push(callback);
  }

  get isEmpty(): boolean {
    return this.staged.size === 0;
  }

  /** Appends everything staged in one write; returns the events as stored (types and positions). */
  async commit(): Promise<CommittedEvent[]> {
    if (this.staged.size === 0) return [];
    const writes = [...this.staged].map(([stream, s]) => ({ stream, ...s }));
    const results = await this.store.appendMany(writes);
    const committed: CommittedEvent[] = writes.flatMap((w, i) => {
      const last = results[i]!;
      return w.events.map((e, j) => ({
        type: e.type,
        data: e.data,
        stream: w.stream,
        revision: last.nextRevision - BigInt(w.events.length - 1 - j),
        position: last.position,
      }));
    });
    for (const c of committed) crashPoint(`after-commit:${c.type}`);
    for (const callback of this.afterCommit) callback();
    return committed;
  }
}

/** An event of a committed unit of work. `position` is that of its write's last event. */
export type CommittedEvent = {
  type: string;
  data: object;
  stream: string;
  revision: bigint;
  position: GlobalPosition;
};

export type TransactOptions = {
  /** Attempts after a conflict with a concurrent writer; each re-reads and re-decides. */
  retries?: number;
  /**
   * Streams many commands write at once (a medication's stock, which every dispensing of it takes
   * from). A conflict on one of them is no conflict with what the caller saw, only a race for a
   * shared counter: the work is decided again after a short random pause, up to CONTENDED_RETRIES
   * times, without counting against `retries`. A conflict on any other stream is counted as usual.
   */
  contended?: (stream: string) => boolean;
};

/** How many times a conflict on a contended stream is decided again (see TransactOptions.contended). */
export const CONTENDED_RETRIES = 100;
const CONTENDED_PAUSE_MS = 8;

export type Transacted<T> = { value: T; events: CommittedEvent[]; position: GlobalPosition | null };

/**
 * Runs `work` in a fresh unit of work and commits it, retrying the whole decision when another
 * writer got in between the read and the append. A version the caller pinned is checked again on
 * each attempt, so a stale client still gets its 409.
 */
export async function transact<T>(
  store: EventStore,
  metadata: EventMetadata,
  work: (uow: UnitOfWork) => Promise<T>,
  options: TransactOptions = {},
): Promise<Transacted<T>> {
  const retries = options.retries ?? 3;
  let contendedLeft = options.contended ? CONTENDED_RETRIES : 0;
  const mustRead = new Set<string>();
  // A request with an Idempotency-Key reserves it in its command's commit, staged first so that
  // EventStoreDB (which writes stream by stream) writes nothing else when the key is taken.
  const keyed = pendingReservation(metadata);
  const keyStream = keyed ? idempotencyStream(keyed.hospitalId, keyed.key) : null;
  for (let attempt = 0; ; attempt++) {
    const uow = new UnitOfWork(store, metadata, mustRead);
    if (keyed && keyStream) {
      const { key, fingerprint, route } = keyed;
      uow.stage(keyStream, 'no_stream', [{ type: 'IdempotencyKeyReserved', data: { key, fingerprint, route } }]);
    }
    const value = await work(uow);
    try {
      const events = await uow.commit();
      if (keyed) keyed.reserved = true;
      const position = events.reduce<GlobalPosition | null>(
        (p, e) =>
          p === null || e.position[0] > p[0] || (e.position[0] === p[0] && e.position[1] > p[1]) ? e.position : p,
        null,
      );
      return { value, events, position };
    } catch (e) {
      if (keyed && e instanceof WrongExpectedRevision && e.stream === keyStream)
        throw new IdempotencyKeyHeld(keyed.key);
      if (e instanceof WrongExpectedRevision && uow.assumed.has(e.stream) && !mustRead.has(e.stream)) {
        // Our own assumption was wrong, not a concurrent edit: decide again with the stream read.
        mustRead.add(e.stream);
        attempt--;
        continue;
      }
      if (e instanceof WrongExpectedRevision && options.contended?.(e.stream) && contendedLeft-- > 0) {
        // Spread the racers out so the next round is not the same race again.
        await new Promise((r) => setTimeout(r, Math.random() * CONTENDED_PAUSE_MS));
        attempt--;
        continue;
      }
      if (e instanceof WrongExpectedRevision && attempt < retries) continue;
      throw e;
    }
  }
}
