import type { DomainEvent, EventMetadata, EventStore, GlobalPosition, RecordedEvent } from './port';
import { transact, type CommittedEvent } from './unit-of-work';

/** A module's pure decision logic for one aggregate. */
import type { Decider } from './decider';

export type { Decider };

export type CommandResult<State, Event extends DomainEvent> = {
  /** The aggregate's state after the command. */
  state: State;
  /** The events the command appended ([] when it changed nothing). */
  events: Event[];
  committed: CommittedEvent[];
  /** Revision the stream was at before the command (null: it did not exist). */
  previousRevision: bigint | null;
  /** The stream's revision after the command (-1 for a stream that still does not exist). */
  nextRevision: bigint;
  /** Global position of the last appended event; null when nothing was appended. */
  position: GlobalPosition | null;
};

export type HandleOptions = {
  /**
   * The version (events in the stream) the caller last saw. Checked after deciding, so a domain
   * refusal (404, 400) answers before a stale version's 409.
   */
  expectedVersion?: number;
  /** Attempts after a conflict with a concurrent writer; each re-reads and re-decides. */
  retries?: number;
  /** The stream is new (a fresh random id): skip reading it. */
  isNew?: boolean;
};

export async function loadAggregate<Event extends DomainEvent, State>(
  store: EventStore,
  stream: string,
  evolve: (state: State, event: Event) => State,
  initialState: () => State,
): Promise<{ state: State; revision: bigint | null; events: RecordedEvent[] }> {
  const events = await store.readStream(stream);
  const state = events.reduce((s, e) => evolve(s, e as unknown as Event), initialState());
  return { state, revision: events.length ? events[events.length - 1]!.revision : null, events };
}

/** One command on one stream: load, fold, decide, check the pinned version, append. */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  stream: string,
  command: Command,
  metadata: EventMetadata,
  options: HandleOptions = {},
): Promise<CommandResult<State, Event>> {
  const { value, events, position } = await transact(
    store,
    metadata,
    async (uow) => {
      const aggregate = await uow.load(decider, stream, {
        expectedVersion: options.expectedVersion,
        isNew: options.isNew,
      });
      const decided = uow.decide(aggregate, command);
      return { state: aggregate.state, decided, previousRevision: aggregate.revision };
    },
    { retries: options.retries },
  );
  const base = value.previousRevision ?? -1n;
  return {
    state: value.state,
    events: value.decided,
    committed: events,
    previousRevision: value.previousRevision,
    nextRevision: base + BigInt(value.decided.length),
    position,
  };
}
