import type { Db } from '../db/database';
import type { Leases } from '../db/leases';
import type { Logger } from '../logger';
import {
  positionToString,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Unsubscribe,
} from '../event-store/port';
import { applyPage } from './apply-page';
import {
  applyProjectionBatch,
  concerns,
  reached,
  reactorCheckpoint,
  reactToBatch,
  rebuildProjection,
  setAsideInProjection,
  setAsideInReactor,
} from './batches';
import { CheckpointFlush } from './checkpoint-flush';
import { moveCheckpoint, readCheckpoint } from './checkpoints';
import { FeedPages } from './feed-pages';
import { listParked, parkEvent, type ParkedEvent } from './parking';
import type { FeedConsumerRef, Projection, Reactor } from './projection';
import { rebuildAll, type RebuildMode } from './rebuild-all';
import { retryParked, type RetryOutcome } from './retry-parked';
import { Standby } from './standby';
import { feedStatus, type ProjectionStatus } from './status';
import { newTrack, pace, settle, sleep, type Track, type Waiter } from './track';

/**
 * Consumes the live feed from the moment it starts, outside any transaction (e.g. socket pushes).
 * `following` is told when it follows the feed (every event after that is handed to it) and when
 * it stops: a cache that drops what the feed changes may keep a value read only in between.
 */
export type LiveConsumer = {
  name: string;
  handle: (events: RecordedEvent[]) => void | Promise<void>;
  /**
   * The event types it acts on, when it acts on a few only: it is woken for those alone, is handed
   * only the pages that hold one, and passes the others (see `follow`). Absent: every type.
   */
  types?: readonly string[];
  following?: (yes: boolean) => void;
};

export type RunnerOptions = {
  projections?: Projection[];
  reactors?: Reactor[];
  live?: LiveConsumer[];
  /** Inline projections the event log applies in the append transaction: not followed here. */
  appliedInline?: boolean;
  /** Told after a live consumer (the socket pushes) handled events: for the push latency metric. */
  onLiveHandled?: (events: RecordedEvent[]) => void;
  /**
   * Several servers on one database: each projection and reactor runs on the node holding its
   * lease, the others on standby. Unset: this runner runs them all (one server, tools, tests).
   */
  leases?: Leases;
  /** How long a track with nothing to do sleeps before looking at the feed unwoken (tests lengthen it). */
  idlePollMs?: number;
};

const BATCH = 500;
/** A rebuild's page: longer runs of a type for the batch handlers, fewer commits. */
const REBUILD_PAGE = 10_000;
const IDLE_POLL_MS = 1000;
/** How often a standby track re-reads the leader's checkpoint while a command here waits for it. */
const STANDBY_WAIT_POLL_MS = 20;
/**
 * The pause after a page that reached the head of the feed, before a consumer (projection,
 * reactor or live consumer) reads on. Under a steady stream of commands it gathers their events
 * into pages worth their cost (a projection's page costs the same begin, checkpoint and commit
 * however few events it holds, a live consumer's a read of the feed); a command waiting for the
 * consumer cuts it short, and the first event after a quiet spell is taken at once.
 */
const PACE_MS = 10;
const XMIN_RETRY_MS = 10;

/**
 * Runs named projections and reactors: each catches up from its checkpoint, then follows the
 * feed, woken by the store's append notifications (with a poll as a safety net). A projection's
 * batch is applied in one transaction together with its checkpoint, so an event is applied exactly
 * once even across crashes and with two runners (two servers, or a rebuild beside a running
 * server): see `applyProjectionBatch`. A reactor's checkpoint moves after its commands, so after a crash it
 * reacts again to the events of the unfinished batch, which its idempotent commands absorb.
 *
 * Its parts: the feed read once for every track (feed-pages.ts), a page applied or, event by event,
 * set aside (apply-page.ts, parking.ts), the leases of several servers (standby.ts), checkpoints
 * moved in memory stored on a timer (checkpoint-flush.ts), and health (status.ts).
 */
export class ProjectionRunner {
  private readonly tracks = new Map<string, Track>();
  private readonly inlineNames = new Set<string>();
  private readonly projections: Projection[];
  private readonly reactors: Reactor[];
  private readonly live: LiveConsumer[];
  private stopped = false;
  private unlisten: Unsubscribe | undefined;
  private readonly pages: FeedPages;
  private readonly standby: Standby;
  private readonly flusher: CheckpointFlush;
  private readonly onLiveHandled: RunnerOptions['onLiveHandled'];
  private readonly idlePollMs: number;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    options: RunnerOptions,
    private readonly log: Logger,
  ) {
    this.projections = options.projections ?? [];
    this.reactors = options.reactors ?? [];
    this.live = options.live ?? [];
    this.pages = new FeedPages(store);
    this.standby = new Standby(db, options.leases);
    this.flusher = new CheckpointFlush(db, () => this.tracks.values(), log);
    this.onLiveHandled = options.onLiveHandled;
    this.idlePollMs = options.idlePollMs ?? IDLE_POLL_MS;
    const names = new Set<string>();
    for (const { name } of [...this.projections, ...this.reactors, ...this.live]) {
      if (names.has(name)) throw new Error(`Duplicate feed consumer name ${name}`);
      names.add(name);
    }
    if (options.appliedInline) for (const p of this.projections) if (p.inline) this.inlineNames.add(p.name);
  }

  async start(): Promise<void> {
    this.unlisten = await this.store.onAppended((types) => this.wake(types));
    for (const p of this.projections) {
      if (this.inlineNames.has(p.name)) continue;
      const at = await readCheckpoint(this.db, p.name);
      const track = this.track(
        p.name,
        'projection',
        at,
        (type) => concerns(p, type),
        async (_after, events) => {
          // A batch with nothing for this projection moves it in memory only; the checkpoint is stored lazily.
          if (!events.some((e) => concerns(p, e.type))) return events[events.length - 1]!.globalPosition;
          const batch = await applyProjectionBatch(this.db, p, track.persisted, events);
          track.persisted = batch.checkpoint;
          return batch.checkpoint;
        },
      );
      track.row = p.name;
      this.standby.elect(track);
      track.setAside = async (event, err) => {
        const done = await setAsideInProjection(this.db, p, track.persisted, event, err);
        track.persisted = done.checkpoint;
        return done;
      };
      track.loop = this.follow(track);
    }
    for (const r of this.reactors) {
      const row = reactorCheckpoint(r.name);
      const start =
        (await readCheckpoint(this.db, row)) ?? (r.firstStart === 'feed-head' ? await this.startAtHead(row) : null);
      const track = this.track(
        r.name,
        'reactor',
        start,
        (type) => r.handles.includes(type),
        async (_after, events) => {
          if (!events.some((e) => r.handles.includes(e.type))) return events[events.length - 1]!.globalPosition;
          track.persisted = await reactToBatch(this.db, r, track.persisted, events);
          return track.persisted;
        },
      );
      track.row = row;
      this.standby.elect(track);
      track.setAside = async (event, err) => {
        const done = await setAsideInReactor(this.db, r, track.persisted, event, err);
        track.persisted = done.checkpoint;
        return done;
      };
      track.loop = this.follow(track);
    }
    this.flusher.start();
    const head = await this.store.headPosition();
    for (const c of this.live) {
      const types = c.types ? new Set(c.types) : null;
      const track = this.track(
        c.name,
        'live',
        head,
        (type) => !types || types.has(type),
        async (_after, events) => {
          // A consumer that named its types is handed the pages that hold one (the others it passes),
          // and only those events count for the push latency.
          const mine = types ? events.filter((e) => types.has(e.type)) : events;
          if (mine.length > 0) {
            await c.handle(events);
            this.onLiveHandled?.(mine);
          }
          return events[events.length - 1]!.globalPosition;
        },
      );
      track.setAside = async (event, err) => {
        await parkEvent(this.db, c.name, event, err);
        return { checkpoint: event.globalPosition, how: 'parked' as const };
      };
      track.loop = this.follow(track);
      c.following?.(true);
    }
  }

  /**
   * A reactor's first checkpoint at the feed's head, stored at once so a restart keeps it; when
   * another runner stored one first, that one. An empty feed has no head: it starts at the start.
   */
  private async startAtHead(row: string): Promise<GlobalPosition | null> {
    const head = await this.store.headPosition();
    if (head === null) return null;
    const stored = await this.db.transaction().execute((trx) => moveCheckpoint(trx, row, null, head));
    if (stored) this.log.info({ consumer: row, position: positionToString(head) }, 'first start at the feed head');
    return stored ? head : readCheckpoint(this.db, row);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.flusher.stop();
    for (const c of this.live) c.following?.(false);
    await this.unlisten?.();
    this.wakeAll();
    for (const t of this.tracks.values()) t.hurry?.();
    await Promise.all([...this.tracks.values()].map((t) => t.loop));
    await this.flusher.flush().catch((err) => this.log.warn({ err }, 'storing checkpoints at stop failed'));
    // Nobody will apply these any more: their callers learn it now instead of at their timeout.
    for (const t of this.tracks.values()) for (const w of t.waiters) w.settle(false);
    for (const t of this.tracks.values()) t.waiters = [];
  }

  /**
   * Resolves true once every named consumer has passed `position`, or false after `timeoutMs`.
   * Used for read-your-writes after a command, and by commands that wait for a reactor's work.
   * Inline projections have always passed it.
   */
  waitFor(position: GlobalPosition | null, refs: readonly FeedConsumerRef[], timeoutMs = 2000): Promise<boolean> {
    if (position === null) return Promise.resolve(true);
    const tracks = refs
      .filter((r) => !this.inlineNames.has(r.name))
      .map((r) => this.tracks.get(r.name))
      .filter((t): t is Track => !!t);
    const pending = tracks.filter((t) => !reached(t.checkpoint, position));
    if (pending.length === 0) return Promise.resolve(true);
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      let left = pending.length;
      let done = false;
      const mine: Waiter[] = [];
      const finish = (applied: boolean) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        // A timed-out waiter must not stay queued on a stuck consumer for ever.
        for (const t of pending) t.waiters = t.waiters.filter((w) => !mine.includes(w));
        resolve(applied);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      for (const t of pending) {
        const waiter: Waiter = {
          position,
          settle: (applied) => (!applied ? finish(false) : --left === 0 && finish(true)),
        };
        mine.push(waiter);
        t.waiters.push(waiter);
        t.due = true;
        t.wake();
        t.hurry?.();
      }
    });
  }

  /** Each projection's and reactor's checkpoint and how far behind the feed it is (see feedStatus). */
  status(): Promise<ProjectionStatus[]> {
    return feedStatus(this.store, [...this.tracks.values()], this.inlineNames);
  }

  /** The events set aside (parked) by any consumer, oldest first (see parking.ts). */
  parked(): Promise<ParkedEvent[]> {
    return listParked(this.db);
  }

  /** Gives parked events (all, or one by id) to their consumers again (see retry-parked.ts). */
  retryParked(only?: { eventId?: string }): Promise<RetryOutcome[]> {
    const consumers = { projections: this.projections, reactors: this.reactors, live: this.live };
    return retryParked(this.db, this.store, consumers, only);
  }

  /** Empties one projection's tables and replays the whole feed into it (see rebuildProjection). */
  async rebuild(name: string, onProgress: (applied: number) => void = () => undefined): Promise<number> {
    const projection = this.projections.find((p) => p.name === name);
    if (!projection) throw new Error(`Unknown projection ${name}`);
    return rebuildProjection(this.db, this.store, projection, { pageSize: BATCH, retryMs: XMIN_RETRY_MS }, onProgress);
  }

  /** Empties every projection's tables and replays the feed into all of them (see rebuildAll). */
  async rebuildAll(
    mode: RebuildMode,
    onProgress: (name: string, applied: number) => void = () => undefined,
    { pageSize = REBUILD_PAGE, owner }: { pageSize?: number; owner?: Db } = {},
  ): Promise<number> {
    const options = { pageSize, retryMs: XMIN_RETRY_MS, mode, owner };
    return rebuildAll(this.db, this.store, this.projections, options, onProgress);
  }

  private track(
    name: string,
    kind: Track['kind'],
    checkpoint: GlobalPosition | null,
    concerns: Track['concerns'],
    apply: Track['apply'],
  ): Track {
    const track = newTrack(name, kind, checkpoint, concerns, apply);
    this.tracks.set(name, track);
    return track;
  }

  private wakeAll() {
    for (const t of this.tracks.values()) {
      t.due = true;
      t.wake();
    }
  }

  /**
   * Wakes the tracks whose consumer acts on one of `types` (every track when the store could not
   * say). A burst of list reads' access events wakes the audit trail, not the other consumers: they
   * pass those events on their next page (see `follow`).
   */
  private wake(types: readonly string[] | undefined) {
    if (!types) return this.wakeAll();
    for (const t of this.tracks.values()) {
      if (!types.some(t.concerns)) continue;
      t.due = true;
      t.wake();
    }
  }

  private async follow(track: Track): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        if (!track.leading) {
          await this.standby.followLeader(track);
          if (!this.stopped) await sleep(track, track.waiters.length ? STANDBY_WAIT_POLL_MS : this.idlePollMs);
          continue;
        }
        if (track.reload) {
          // The previous leader moved it: go on from where it stopped.
          track.checkpoint = track.persisted = await readCheckpoint(this.db, track.row!);
          track.reload = false;
        }
        const events = await this.pages.read(track.checkpoint, BATCH);
        if (events.length > 0) {
          const mine = events.some((e) => track.concerns(e.type));
          track.checkpoint = await applyPage(track, events, { log: this.log, stopped: () => this.stopped });
          track.failing = null;
          failures = 0;
          settle(track);
          // A page of nothing it acts on is passed at once, without the pause that gathers pages
          // worth their cost: the track reads on to the end of the feed and sleeps there.
          if (mine && events.length < BATCH && track.waiters.length === 0 && !this.stopped) await pace(track, PACE_MS);
          continue;
        }
        // Nothing readable yet. If newer events exist, an older transaction is still open: look
        // again shortly instead of waiting for the next notification, when the track was woken for
        // events it acts on (they may be among them). One that was not sleeps until it is, a
        // command waits for it, or the poll: it passes the others' events then, in one page.
        const head = await this.pages.readHead();
        const behind = head !== null && !reached(track.checkpoint, head);
        if (!behind) track.due = false;
        if (!this.stopped) await sleep(track, behind && track.due ? XMIN_RETRY_MS : this.idlePollMs);
      } catch (err) {
        if (this.stopped) break;
        failures++;
        track.failing = err instanceof Error ? err.message : String(err);
        this.log.error({ err, consumer: track.name }, 'feed consumer batch failed; will retry');
        await sleep(track, Math.min(30_000, 250 * 2 ** Math.min(failures, 7)));
      }
    }
  }
}
