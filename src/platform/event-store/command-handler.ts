import type { AppendResult, DomainEvent, EventMetadata, EventStore, ExpectedRevision, RecordedEvent } from './port';
import { WrongExpectedRevision } from './port';

/** A module's pure decision logic for one aggregate. */
export type Decider<Command, Event extends DomainEvent, State> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
};

export type CommandResult<State, Event extends DomainEvent> = AppendResult & {
  state: State;
  events: Event[];
  /** Revision the stream was at before the append (null: it did not exist). */
  previousRevision: bigint | null;
};

export type HandleOptions = {
  /** The revision the caller last saw (optimistic concurrency across requests); omitted: the one just read. */
  expectedRevision?: bigint;
  /**
   * Retry when another writer got in between the read and the append. Safe only when the
   * command's rules are re-checked against the new state, which `decide` always does, and the
   * caller did not pin `expectedRevision`.
   */
  retries?: number;
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

/** Load the stream, fold it, decide, append with the expected revision; retry conflicts where safe. */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
  stream: string,
  command: Command,
  metadata: EventMetadata,
  options: HandleOptions = {},
): Promise<CommandResult<State, Event>> {
  const retries = options.expectedRevision === undefined ? (options.retries ?? 3) : 0;
  for (let attempt = 0; ; attempt++) {
    const { state, revision } = await loadAggregate(store, stream, decider.evolve, decider.initialState);
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
      throw new WrongExpectedRevision(stream, options.expectedRevision, revision ?? 'no_stream');
    }
    const events = decider.decide(command, state);
    if (events.length === 0)
      return { state, events, previousRevision: revision, nextRevision: revision ?? -1n, position: [0n, 0n] };
    const expected: ExpectedRevision = revision === null ? 'no_stream' : revision;
    try {
      const result = await store.append(
        stream,
        events.map((e) => ({ ...e, metadata })),
        { expectedRevision: expected },
      );
      return { ...result, state: events.reduce(decider.evolve, state), events, previousRevision: revision };
    } catch (e) {
      if (e instanceof WrongExpectedRevision && attempt < retries) continue;
      throw e;
    }
  }
}
