import type { Logger } from '../logger';
import { positionToString, type GlobalPosition, type RecordedEvent } from '../event-store/port';
import { samePosition } from './feed-tail';
import { isEventsFault, MAX_PARKED_PER_PAGE } from './parking';
import type { Track } from './track';

/**
 * Applies a page to a track; when it fails because of what an event holds, applies it again one
 * event at a time and sets aside (parking.ts) each event that still fails, so one bad event never
 * stops the consumer. A failure that is not an event's (the database away, a fault of the server's)
 * is thrown, and the runner's loop waits and retries from the last event applied.
 */
export async function applyPage(
  track: Track,
  events: RecordedEvent[],
  { log, stopped }: { log: Logger; stopped: () => boolean },
): Promise<GlobalPosition | null> {
  try {
    return await track.apply(track.checkpoint, events);
  } catch (err) {
    if (!track.setAside || !isEventsFault(err) || stopped()) throw err;
    log.warn({ err, consumer: track.name, events: events.length }, 'page failed; applying it event by event');
  }
  let setAside = 0;
  for (const event of events) {
    let next: GlobalPosition | null;
    try {
      next = await track.apply(track.checkpoint, [event]);
    } catch (err) {
      if (!isEventsFault(err) || ++setAside > MAX_PARKED_PER_PAGE) throw err;
      const done = await track.setAside(event, err);
      next = done.checkpoint;
      if (done.how) {
        track.setAsideCounts[done.how]++;
        const at = positionToString(event.globalPosition);
        log.error(
          { err, consumer: track.name, eventId: event.id, eventType: event.type, position: at, how: done.how },
          done.how === 'parked' ? 'event parked: the consumer goes on without it' : 'event written by its fallback',
        );
      }
    }
    track.checkpoint = next;
    // Another runner moved the checkpoint elsewhere: read on from there.
    if (!next || !samePosition(next, event.globalPosition)) return next;
  }
  return track.checkpoint;
}
