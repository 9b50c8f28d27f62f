import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Decider } from './command-handler';
import { defineEvent, type EventOf } from './contracts';
import type { UnitOfWork } from './unit-of-work';

/**
 * A value several owners may hold, where a newcomer is refused unless it confirms the sharing (a
 * family's phone, the names and birthday of twins). Like a unique reservation, each value owns a
 * stream, `shared-<scope>-<hash>`, whose events say who holds it, staged in the owner's own unit of
 * work; the stream's revision makes the decision part of the commit. A newcomer that checked the
 * holders (`sharedHolders`) expects the revision it read, so of two that read "nobody" at once only
 * one commits and the other decides again on the stream as it now stands. A newcomer that confirmed
 * (`claimShared` with `confirmed`) reads nothing and appends whatever the stream holds.
 *
 * The stream name is a hash of the value: the value itself (a phone number) never names a stream.
 */
export const sharedValueClaimed = defineEvent(
  'SharedValueClaimed',
  z.object({ scope: z.string(), ownerId: z.string() }),
);
export const sharedValueReleased = defineEvent(
  'SharedValueReleased',
  z.object({ scope: z.string(), ownerId: z.string() }),
);
export const sharedReservationContracts = [sharedValueClaimed, sharedValueReleased];

type SharedEvent = EventOf<typeof sharedValueClaimed> | EventOf<typeof sharedValueReleased>;
/** The holders in the order they claimed the value. */
type SharedState = { holders: readonly string[] };
type SharedCommand = { type: 'Claim' | 'Release'; scope: string; ownerId: string };

export const sharedDecider: Decider<SharedCommand, SharedEvent, SharedState> = {
  initialState: () => ({ holders: [] }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'SharedValueClaimed':
        return state.holders.includes(event.data.ownerId) ? state : { holders: [...state.holders, event.data.ownerId] };
      case 'SharedValueReleased':
        return { holders: state.holders.filter((h) => h !== event.data.ownerId) };
      default:
        return state;
    }
  },
  decide: (command, state) => {
    const { scope, ownerId } = command;
    const holds = state.holders.includes(ownerId);
    switch (command.type) {
      case 'Claim':
        return holds ? [] : [{ type: 'SharedValueClaimed', data: { scope, ownerId } }];
      case 'Release':
        return holds ? [{ type: 'SharedValueReleased', data: { scope, ownerId } }] : [];
      default: {
        const never: never = command.type;
        throw new Error(`Unknown command ${String(never)}`);
      }
    }
  },
};

/** The stream of a shared value; `value` is taken as given (normalise it first). */
export function sharedStream(scope: string, value: string): string {
  return `shared-${scope}-${createHash('sha256').update(value).digest('hex').slice(0, 40)}`;
}

export type SharedClaim = { scope: string; value: string; ownerId: string };

/**
 * Who holds the value, oldest claim first. Most values are new: the stream is assumed not to exist
 * (no read); if it does, the commit fails on its revision and `transact` decides again with it read.
 */
export async function sharedHolders(uow: UnitOfWork, scope: string, value: string): Promise<readonly string[]> {
  const shared = await uow.load(sharedDecider, sharedStream(scope, value), { assumeNew: true });
  return shared.state.holders;
}

/**
 * Stages `ownerId` as a holder. Unconfirmed, after `sharedHolders` of the same value: the commit
 * expects the revision the holders were read at. `confirmed`: no read and no expectation (for an
 * owner that holds nothing yet, such as a new record), the claim goes in whoever holds the value.
 */
export async function claimShared(uow: UnitOfWork, claim: SharedClaim, options: { confirmed: boolean }) {
  const { scope, value, ownerId } = claim;
  if (options.confirmed) {
    uow.stage(sharedStream(scope, value), 'any', [{ type: 'SharedValueClaimed', data: { scope, ownerId } }]);
    return;
  }
  const shared = await uow.load(sharedDecider, sharedStream(scope, value), { assumeNew: true });
  uow.decide(shared, { type: 'Claim', scope, ownerId });
}

/** Stages the release of a value `ownerId` holds (read first); a no-op when it does not hold it. */
export async function releaseShared(uow: UnitOfWork, claim: SharedClaim): Promise<void> {
  const shared = await uow.load(sharedDecider, sharedStream(claim.scope, claim.value));
  uow.decide(shared, { type: 'Release', scope: claim.scope, ownerId: claim.ownerId });
}
