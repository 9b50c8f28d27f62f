import type { DomainEvent } from './port';

/** An aggregate's decider (emmett's shape): its initial state, how an event evolves it, and what a command decides. */
export type Decider<Command, Event extends DomainEvent, State> = {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State) => Event[];
};
