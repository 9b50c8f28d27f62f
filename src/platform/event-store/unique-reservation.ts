import { createHash } from 'node:crypto';
import { WrongExpectedRevision, type EventMetadata, type EventStore } from './port';

/**
 * Uniqueness across aggregates (an email, a licence number) without a read model race:
 * each value owns a stream `unique-<scope>-<hash>` whose last event says who holds it.
 * Appends carry the expected revision, so two writers can never both reserve one value.
 * Reserve before appending the owner's events; release if that append fails.
 */
export type UniqueValueReserved = { type: 'UniqueValueReserved'; data: { scope: string; ownerId: string } };
export type UniqueValueReleased = { type: 'UniqueValueReleased'; data: { scope: string; ownerId: string } };

export type ReservationResult = { reserved: true } | { reserved: false; heldBy: string };

export function reservationStream(scope: string, value: string): string {
  const hash = createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 40);
  return `unique-${scope}-${hash}`;
}

async function holder(store: EventStore, stream: string) {
  const events = await store.readStream(stream);
  const last = events[events.length - 1];
  return {
    revision: last ? last.revision : null,
    heldBy: last?.type === 'UniqueValueReserved' ? (last.data as { ownerId: string }).ownerId : null,
  };
}

export async function reserveUnique(
  store: EventStore,
  args: { scope: string; value: string; ownerId: string; metadata: EventMetadata },
): Promise<ReservationResult> {
  const stream = reservationStream(args.scope, args.value);
  for (let attempt = 0; attempt < 5; attempt++) {
    const { revision, heldBy } = await holder(store, stream);
    if (heldBy === args.ownerId) return { reserved: true };
    if (heldBy) return { reserved: false, heldBy };
    try {
      await store.append(
        stream,
        [{ type: 'UniqueValueReserved', data: { scope: args.scope, ownerId: args.ownerId }, metadata: args.metadata }],
        { expectedRevision: revision ?? 'no_stream' },
      );
      return { reserved: true };
    } catch (e) {
      if (!(e instanceof WrongExpectedRevision)) throw e;
    }
  }
  const { heldBy } = await holder(store, stream);
  return heldBy ? { reserved: false, heldBy } : { reserved: false, heldBy: 'unknown' };
}

/** Frees a value held by `ownerId`; a no-op when someone else (or nobody) holds it. */
export async function releaseUnique(
  store: EventStore,
  args: { scope: string; value: string; ownerId: string; metadata: EventMetadata },
): Promise<void> {
  const stream = reservationStream(args.scope, args.value);
  const { revision, heldBy } = await holder(store, stream);
  if (heldBy !== args.ownerId || revision === null) return;
  await store.append(
    stream,
    [{ type: 'UniqueValueReleased', data: { scope: args.scope, ownerId: args.ownerId }, metadata: args.metadata }],
    { expectedRevision: revision },
  );
}

/** Who holds a value now, or null. */
export async function uniqueHolder(store: EventStore, scope: string, value: string): Promise<string | null> {
  return (await holder(store, reservationStream(scope, value))).heldBy;
}
