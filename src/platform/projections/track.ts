import type { GlobalPosition, RecordedEvent } from '../event-store/port';
import { reached } from './batches';
import type { SetAside } from './parking';

/** One consumer as the runner follows the feed for it, and the waits its loop is made of. */

export type Waiter = { position: GlobalPosition; settle: (applied: boolean) => void };

export type Track = {
  name: string;
  kind: 'projection' | 'reactor' | 'live';
  /** Where the track is: every event up to here is applied, or was none of its business. */
  checkpoint: GlobalPosition | null;
  /** The checkpoint as last stored (projections and reactors); `checkpoint` may be ahead of it. */
  persisted: GlobalPosition | null;
  /** The checkpoint row's name. */
  row?: string;
  /** Whether its consumer acts on events of this type (the others it only passes). */
  concerns: (type: string) => boolean;
  /** Applies a batch read after `after`; returns the checkpoint the track is at afterwards. */
  apply: (after: GlobalPosition | null, events: RecordedEvent[]) => Promise<GlobalPosition | null>;
  /**
   * Sets aside one event that fails on what it holds (see parking.ts): a projection's fallback
   * entry or a parked row, with the checkpoint moved past it. Returns the checkpoint afterwards.
   */
  setAside?: (
    event: RecordedEvent,
    err: unknown,
  ) => Promise<{ checkpoint: GlobalPosition | null; how: SetAside | null }>;
  /** Events set aside since the process started, by how. */
  setAsideCounts: Record<SetAside, number>;
  waiters: Waiter[];
  /**
   * Woken for events it acts on (or a command waits for it) that it may not have read yet: while
   * true, a read that finds nothing though the feed's head is ahead (an older transaction still
   * open) looks again shortly. Cleared once a read finds it at the head.
   */
  due: boolean;
  wake: () => void;
  woken: boolean;
  /** Ends a pause between pages early (see `pace`). */
  hurry?: () => void;
  failing: string | null;
  loop?: Promise<void>;
  /**
   * Whether this node runs the consumer now (see Leases). A standby track applies nothing: it
   * follows the leader's stored checkpoint, for its waiters and for health.
   */
  leading: boolean;
  /** Just became the leader: read the stored checkpoint before the next page. */
  reload: boolean;
};

export function newTrack(
  name: string,
  kind: Track['kind'],
  checkpoint: GlobalPosition | null,
  concerns: Track['concerns'],
  apply: Track['apply'],
): Track {
  const track: Track = {
    name,
    kind,
    checkpoint,
    persisted: checkpoint,
    concerns,
    apply,
    waiters: [],
    due: true,
    woken: false,
    wake: () => undefined,
    failing: null,
    leading: true,
    reload: false,
    setAsideCounts: { fallback: 0, parked: 0 },
  };
  track.wake = () => {
    track.woken = true;
  };
  return track;
}

/** Sleeps up to `ms`, or less if woken; a wake that came while the track was busy is not lost. */
export function sleep(track: Track, ms: number): Promise<void> {
  if (track.woken) {
    track.woken = false;
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      track.woken = false;
      track.wake = () => {
        track.woken = true;
      };
      resolve();
    }
    track.wake = done;
  });
}

/** Waits `ms`, or until `hurry` is called (a command waits for this track, or the runner stops). */
export function pace(track: Track, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      track.hurry = undefined;
      resolve();
    }
    track.hurry = done;
  });
}

/** Tells the waiters whose position the track has passed. */
export function settle(track: Track): void {
  const still: Waiter[] = [];
  for (const w of track.waiters) {
    if (reached(track.checkpoint, w.position)) w.settle(true);
    else still.push(w);
  }
  track.waiters = still;
}
