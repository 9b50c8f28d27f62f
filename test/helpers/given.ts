import { expect } from 'vitest';
import type { Decider } from '../../src/platform/event-store/command-handler';
import type { DomainEvent } from '../../src/platform/event-store/port';

/** Decider tests as given(history).when(command).then(events) / .thenThrows(Error, message). */
export function given<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, history: E[] = []) {
  const state = history.reduce(decider.evolve, decider.initialState());
  return {
    when: (command: C) => ({
      then: (expected: E[]) => expect(decider.decide(command, state)).toEqual(expected),
      thenThrows: (error: abstract new (...args: never[]) => Error, message?: string) => {
        expect(() => decider.decide(command, state)).toThrow(error);
        if (message !== undefined) expect(() => decider.decide(command, state)).toThrow(message);
      },
    }),
  };
}
