import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Decider } from './command-handler';
import { defineEvent, type EventOf } from './contracts';
import type { EventStore } from './port';
import { idempotencyContracts } from '../idempotency/reservation';
import { sharedReservationContracts } from './shared-reservation';
import type { UnitOfWork } from './unit-of-work';

/**
 * Uniqueness across aggregates (an email, a licence number, a patient's card number) without a
 * read-model race: each value owns a stream `unique-<scope>-<hash>` whose last event says who
 * holds it. A reservation is staged in the same unit of work as its owner's own events, so on
 * PostgreSQL both commit together or neither does: nothing to confirm or roll back afterwards.
 *
 * EventStoreDB writes the streams of one command one after the other. There a crash can leave a
 * reservation whose owner was never written; such a reservation is treated as free once it is
 * older than RESERVATION_GRACE_MS and its owner's stream still does not exist.
 */
export const uniqueValueReserved = defineEvent(
  'UniqueValueReserved',
  z.object({ scope: z.string(), ownerId: z.string(), ownerStream: z.string().optional(), at: z.string().optional() }),
);
export const uniqueValueReleased = defineEvent(
  'UniqueValueReleased',
  z.object({ scope: z.string(), ownerId: z.string() }),
);
/**
 * Every kind of reservation: unique values, values several owners may share (shared-reservation.ts)
 * and Idempotency-Keys (../idempotency).
 */
export const reservationContracts = [
  uniqueValueReserved,
  uniqueValueReleased,
  ...sharedReservationContracts,
  ...idempotencyContracts,
];

type ReservationEvent = EventOf<typeof uniqueValueReserved> | EventOf<typeof uniqueValueReleased>;
type ReservationState = { holder: string | null; ownerStream: string | null; at: string | null };
type ReservationCommand =
  | { type: 'Reserve'; scope: string; ownerId: string; ownerStream?: string; at: string; takeOver: boolean }
  | { type: 'Release'; scope: string; ownerId: string };

export const RESERVATION_GRACE_MS = 60_000;

/** The value is held by someone else. */
export class ValueTaken extends Error {
  constructor(readonly heldBy: string) {
    super('value already reserved');
    this.name = 'ValueTaken';
  }
}

const reservationDecider: Decider<ReservationCommand, ReservationEvent, ReservationState> = {
  initialState: () => ({ holder: null, ownerStream: null, at: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UniqueValueReserved':
        return { holder: event.data.ownerId, ownerStream: event.data.ownerStream ?? null, at: event.data.at ?? null };
      case 'UniqueValueReleased':
        return state.holder === event.data.ownerId ? { holder: null, ownerStream: null, at: null } : state;
      default:
        return state;
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Reserve': {
        if (state.holder === command.ownerId) return [];
        const events: ReservationEvent[] = [];
        if (state.holder) {
          if (!command.takeOver) throw new ValueTaken(state.holder);
          events.push({ type: 'UniqueValueReleased', data: { scope: command.scope, ownerId: state.holder } });
        }
        const { scope, ownerId, ownerStream, at } = command;
        events.push({ type: 'UniqueValueReserved', data: { scope, ownerId, ownerStream, at } });
        return events;
      }
      case 'Release':
        return state.holder === command.ownerId
          ? [{ type: 'UniqueValueReleased', data: { scope: command.scope, ownerId: command.ownerId } }]
          : [];
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};

export function reservationStream(scope: string, value: string): string {
  const hash = createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 40);
  return `unique-${scope}-${hash}`;
}

export type Claim = { scope: string; value: string; ownerId: string; ownerStream?: string };

/**
 * Stages a reservation of `value` for `ownerId` in `uow`; a no-op when the owner holds it already.
 * Throws `conflict(holder)` when someone else holds it.
 */
export async function reserveUnique(uow: UnitOfWork, claim: Claim, conflict: (heldBy: string) => Error): Promise<void> {
  // Most values are new: no read, and the commit's revision check catches the rest.
  const reservation = await uow.load(reservationDecider, reservationStream(claim.scope, claim.value), {
    assumeNew: true,
  });
  const { holder, ownerStream, at } = reservation.state;
  const takeOver =
    !uow.atomic &&
    holder !== null &&
    holder !== claim.ownerId &&
    ownerStream !== null &&
    at !== null &&
    Date.parse(uow.metadata.occurredAt) - Date.parse(at) > RESERVATION_GRACE_MS &&
    !(await uow.exists(ownerStream));
  try {
    uow.decide(reservation, {
      type: 'Reserve',
      scope: claim.scope,
      ownerId: claim.ownerId,
      ownerStream: claim.ownerStream,
      at: uow.metadata.occurredAt,
      takeOver,
    });
  } catch (e) {
    if (e instanceof ValueTaken) throw conflict(e.heldBy);
    throw e;
  }
}

/** Stages the release of a value `ownerId` holds; a no-op when someone else (or nobody) holds it. */
export async function releaseUnique(uow: UnitOfWork, claim: Omit<Claim, 'ownerStream'>): Promise<void> {
  const reservation = await uow.load(reservationDecider, reservationStream(claim.scope, claim.value));
  uow.decide(reservation, { type: 'Release', scope: claim.scope, ownerId: claim.ownerId });
}

/** Who holds a value now, or null. */
export async function uniqueHolder(store: EventStore, scope: string, value: string): Promise<string | null> {
  const events = await store.readStream(reservationStream(scope, value));
  return events.reduce(
    (s, e) => reservationDecider.evolve(s, e as unknown as ReservationEvent),
    reservationDecider.initialState(),
  ).holder;
}
