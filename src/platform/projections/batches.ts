import { sql } from 'kysely';
import type { Db } from '../db/database';
import { crashPoint } from '../crash-points';
import { comparePositions, type EventStore, type GlobalPosition, type RecordedEvent } from '../event-store/port';
import { deleteCheckpoint, lockCheckpoint, moveCheckpoint, readCheckpoint } from './checkpoints';
import { samePosition } from './feed-tail';
import { applyEvents, type Projection, type Reactor } from './projection';
import { parkEvent, type SetAside } from './parking';
import { markRebuilding } from './rebuilding';

/** How a page of the feed is applied with its checkpoint: by a projection, by a reactor, in a rebuild. */

export const reactorCheckpoint = (name: string) => `reactor:${name}`;

/** Whether an event of this type is any of the projection's business. */
export function concerns(p: Projection, type: string): boolean {
  if (p.everyEvent) return !p.eventTypes || p.eventTypes.includes(type);
  return p.handlers[type] !== undefined;
}

export function reached(checkpoint: GlobalPosition | null, position: GlobalPosition): boolean {
  return checkpoint !== null && comparePositions(checkpoint, position) >= 0;
}

/**
 * Applies `events` and moves the checkpoint, in one transaction. The checkpoint is moved from
 * `expected` (the one this runner last stored or read) first, which locks it: if another runner
 * moved it meanwhile, nothing is applied and the stored checkpoint is returned, so the caller
 * re-reads from there instead of applying those events a second time.
 */
export async function applyProjectionBatch(
  db: Db,
  projection: Projection,
  expected: GlobalPosition | null,
  events: RecordedEvent[],
  { rebuilding = false }: { rebuilding?: boolean } = {},
): Promise<{ applied: boolean; checkpoint: GlobalPosition | null }> {
  const last = events[events.length - 1]!.globalPosition;
  return db.transaction().execute(async (trx) => {
    // A rebuild's commit need not wait for its WAL flush: a crash loses at most the last pages
    // with their checkpoint, never one without the other, and the rebuild resumes from the
    // checkpoint (or is run again). Thousands of commits then cost no flush each.
    if (rebuilding) {
      await sql`set local synchronous_commit = off`.execute(trx);
      markRebuilding(trx);
    }
    if (!(await moveCheckpoint(trx, projection.name, expected, last))) {
      return { applied: false, checkpoint: await readCheckpoint(trx, projection.name) };
    }
    if (projection.everyEvent) await projection.everyEvent(trx, events);
    else await applyEvents(projection, trx, events);
    return { applied: true, checkpoint: last };
  });
}

/**
 * Reacts to a batch, then moves the reactor's checkpoint. The advisory lock is held for the
 * batch so two runners never react to the same events at once; a crash before the checkpoint
 * replays them. Unlike a projection's batch, the checkpoint is written last: a write takes a
 * transaction id, and one held open while the reactor's commands append would hide their
 * events from the feed (see the event store's readAll) until this batch ends.
 */
export async function reactToBatch(
  db: Db,
  reactor: Reactor,
  expected: GlobalPosition | null,
  events: RecordedEvent[],
): Promise<GlobalPosition | null> {
  const name = reactorCheckpoint(reactor.name);
  const last = events[events.length - 1]!.globalPosition;
  return db.transaction().execute(async (trx) => {
    await lockCheckpoint(trx, name);
    const stored = await readCheckpoint(trx, name);
    if (!samePosition(stored, expected)) return stored;
    let reacted = false;
    for (const event of events) {
      if (!reactor.handles.includes(event.type)) continue;
      await reactor.react(event);
      reacted = true;
    }
    if (reacted) crashPoint(`reactor:${reactor.name}:before-checkpoint`);
    await moveCheckpoint(trx, name, expected, last);
    return last;
  });
}

/**
 * Sets aside one event the projection failed on because of what it holds, moving the checkpoint
 * past it in the same transaction: written by the projection's `fallback` when it has one (the
 * audit trail's chained fallback entry), else, or when that fails too, parked (parking.ts).
 * `how` is null when another runner had moved the checkpoint: nothing was done here.
 */
export async function setAsideInProjection(
  db: Db,
  projection: Projection,
  expected: GlobalPosition | null,
  event: RecordedEvent,
  err: unknown,
): Promise<{ checkpoint: GlobalPosition | null; how: SetAside | null }> {
  return db.transaction().execute(async (trx) => {
    if (!(await moveCheckpoint(trx, projection.name, expected, event.globalPosition))) {
      return { checkpoint: await readCheckpoint(trx, projection.name), how: null };
    }
    if (projection.fallback) {
      await sql`savepoint fallback`.execute(trx);
      try {
        await projection.fallback(trx, event);
        return { checkpoint: event.globalPosition, how: 'fallback' as const };
      } catch (fallbackErr) {
        await sql`rollback to savepoint fallback`.execute(trx);
        err = new AggregateError([err, fallbackErr], 'the event and its fallback both failed');
      }
    }
    await parkEvent(trx, projection.name, event, err);
    return { checkpoint: event.globalPosition, how: 'parked' as const };
  });
}

/** Parks one event a reactor failed on because of what it holds, and moves its checkpoint past it. */
export async function setAsideInReactor(
  db: Db,
  reactor: Reactor,
  expected: GlobalPosition | null,
  event: RecordedEvent,
  err: unknown,
): Promise<{ checkpoint: GlobalPosition | null; how: SetAside | null }> {
  const name = reactorCheckpoint(reactor.name);
  return db.transaction().execute(async (trx) => {
    await lockCheckpoint(trx, name);
    const stored = await readCheckpoint(trx, name);
    if (!samePosition(stored, expected)) return { checkpoint: stored, how: null };
    await parkEvent(trx, name, event, err);
    await moveCheckpoint(trx, name, expected, event.globalPosition);
    return { checkpoint: event.globalPosition, how: 'parked' as const };
  });
}

/**
 * Empties one projection's tables and replays the whole feed into it; returns how many events
 * this call applied. Meant for a stopped server; if one is running, the checkpoint guard in
 * `applyProjectionBatch` (and, for inline projections, their idempotent handlers) keep the result right.
 */
export async function rebuildProjection(
  db: Db,
  store: EventStore,
  projection: Projection,
  { pageSize, retryMs }: { pageSize: number; retryMs: number },
  onProgress: (applied: number) => void,
): Promise<number> {
  await db.transaction().execute(async (trx) => {
    await lockCheckpoint(trx, projection.name);
    // The checkpoint row first: a running batch holds it until it commits, and one that starts
    // now waits for it, so no batch is half-way through the tables being emptied.
    await deleteCheckpoint(trx, projection.name);
    await projection.reset(trx);
  });
  let after: GlobalPosition | null = null;
  let applied = 0;
  for (;;) {
    const events = await store.readAll({ after, limit: pageSize });
    if (events.length === 0) {
      // An empty page can also mean an older transaction is still open (see the Postgres adapter).
      const head = await store.headPosition();
      if (head === null || reached(after, head)) break;
      await new Promise((r) => setTimeout(r, retryMs));
      continue;
    }
    const batch = await applyProjectionBatch(db, projection, after, events, { rebuilding: true });
    after = batch.checkpoint;
    if (batch.applied) {
      applied += events.length;
      onProgress(applied);
    }
  }
  return applied;
}
