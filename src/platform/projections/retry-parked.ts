import type { Db } from '../db/database';
import type { EventStore, RecordedEvent } from '../event-store/port';
import { reactorCheckpoint } from './batches';
import { errorText, listParked, parkEvent, unpark, type ParkedEvent } from './parking';
import { applyEvents, type Projection, type Reactor } from './projection';

export type RetryOutcome = { consumer: string; eventId: string; eventType: string; applied: boolean; error?: string };

type LiveHandler = { name: string; handle: (events: RecordedEvent[]) => void | Promise<void> };
type Consumers = { projections: Projection[]; reactors: Reactor[]; live: LiveHandler[] };

/**
 * The operator's retry of parked events (`npm run projections:parked -- retry`): each is read
 * again from the event log (upcast as the consumer reads it) and given to its consumer. One that
 * applies leaves the parked list in the same transaction as its writes; one that fails again stays,
 * with the new error and one more attempt. A projection's handlers are idempotent by position, so
 * an event whose stream has moved on since may change nothing: a rebuild of that projection
 * (`npm run projections:rebuild -- NAME`) then replays it in its place.
 */
export async function retryParked(
  db: Db,
  store: EventStore,
  consumers: Consumers,
  only?: { eventId?: string },
): Promise<RetryOutcome[]> {
  const parked = (await listParked(db)).filter((p) => !only?.eventId || p.eventId === only.eventId);
  const outcomes: RetryOutcome[] = [];
  for (const p of parked) {
    const outcome = { consumer: p.consumer, eventId: p.eventId, eventType: p.eventType };
    const event = await findEvent(store, p);
    if (!event) {
      outcomes.push({ ...outcome, applied: false, error: 'the event is no longer in the event log' });
      continue;
    }
    try {
      await applyOne(db, consumers, p.consumer, event);
      outcomes.push({ ...outcome, applied: true });
    } catch (err) {
      await parkEvent(db, p.consumer, event, err);
      outcomes.push({ ...outcome, applied: false, error: errorText(err) });
    }
  }
  return outcomes;
}

async function findEvent(store: EventStore, p: ParkedEvent): Promise<RecordedEvent | null> {
  const events = await store.readStream(p.streamId);
  return events.find((e) => e.id === p.eventId) ?? null;
}

async function applyOne(db: Db, consumers: Consumers, name: string, event: RecordedEvent): Promise<void> {
  const projection = consumers.projections.find((p) => p.name === name);
  if (projection) {
    await db.transaction().execute(async (trx) => {
      if (projection.everyEvent) await projection.everyEvent(trx, [event]);
      else await applyEvents(projection, trx, [event]);
      await unpark(trx, name, event.id);
    });
    return;
  }
  const reactor = consumers.reactors.find((r) => reactorCheckpoint(r.name) === name);
  const live = consumers.live.find((c) => c.name === name);
  if (!reactor && !live) throw new Error(`no consumer named ${name} runs in this server`);
  if (reactor) await reactor.react(event);
  else await live!.handle([event]);
  await unpark(db, name, event.id);
}
