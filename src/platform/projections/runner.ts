import type { Db } from '../db/database';
import type { Leases } from '../db/leases';
import type { Logger } from '../logger';
import {
  comparePositions,
  positionToString,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
  type Unsubscribe,
} from '../event-store/port';
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
import { isEventsFault, listParked, MAX_PARKED_PER_PAGE, parkEvent, type ParkedEvent } from './parking';
import { rebuildAll, type RebuildMode } from './rebuild-all';
import { retryParked, type RetryOutcome } from './retry-parked';
import { lockCheckpoint, moveCheckpoint, readCheckpoint } from './checkpoints';
import { FeedTail, samePosition } from './feed-tail';
import { newTrack, pace, settle, sleep, type Track, type Waiter } from './track';
import type { FeedConsumerRef, Projection, Reactor } from './projection';

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

export type ProjectionStatus = {
  name: string;
  kind: 'projection' | 'inline' | 'reactor';
  checkpoint: string | null;
  eventsBehind: number;
  /** How long ago the oldest event it has not applied was recorded (0: none). */
  secondsBehind: number;
  failing: string | null;
  /** Events written by the projection's fallback (the audit trail's) since this process started. */
  fellBack: number;
  /** Whether this node runs it (false: another server does, this one is on standby). */
  leader: boolean;
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
/** How many of the newest events the runner keeps for the tracks that follow the first. */
const TAIL_EVENTS = 5000;
const IDLE_POLL_MS = 1000;
/** How often a standby track re-reads the leader's checkpoint while a command here waits for it. */
const STANDBY_WAIT_POLL_MS = 20;
/** How long one read of every stored checkpoint serves the standby tracks that ask for it. */
const STANDBY_READ_MS = 250;
/**
 * The pause after a page that reached the head of the feed, before a consumer (projection,
 * reactor or live consumer) reads on. Under a steady stream of commands it gathers their events
 * into pages worth their cost (a projection's page costs the same begin, checkpoint and commit
 * however few events it holds, a live consumer's a read of the feed); a command waiting for the
 * consumer cuts it short, and the first event after a quiet spell is taken at once.
 */
const PACE_MS = 10;
/** How often a checkpoint moved only past events a consumer ignores is stored. */
const FLUSH_MS = 1000;
const XMIN_RETRY_MS = 10;
/** How many unapplied events the health check counts at most. */
const STATUS_LOOKAHEAD = 1000;

/**
 * Runs named projections and reactors: each catches up from its checkpoint, then follows the
 * feed, woken by the store's append notifications (with a poll as a safety net). A projection's
 * batch is applied in one transaction together with its checkpoint, so an event is applied exactly
 * once even across crashes and with two runners (two servers, or a rebuild beside a running
 * server): see `applyProjectionBatch`. A reactor's checkpoint moves after its commands, so after a crash it
 * reacts again to the events of the unfinished batch, which its idempotent commands absorb.
 */
export class ProjectionRunner {
  private readonly tracks = new Map<string, Track>();
  private readonly inlineNames = new Set<string>();
  private readonly projections: Projection[];
  private readonly reactors: Reactor[];
  private readonly live: LiveConsumer[];
  private stopped = false;
  private unlisten: Unsubscribe | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  /** Reads in flight, shared by every track that asks for the same page (they wake together). */
  private readonly pages = new Map<string, Promise<RecordedEvent[]>>();
  /** The newest events read, in feed order and without gaps: tracks behind the first one read here. */
  private readonly tail = new FeedTail(TAIL_EVENTS);
  private head: Promise<GlobalPosition | null> | null = null;
  private readonly leases: Leases | undefined;
  private readonly onLiveHandled: RunnerOptions['onLiveHandled'];
  private readonly idlePollMs: number;
  private stored: { at: number; rows: Promise<Map<string, GlobalPosition>> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly store: EventStore,
    options: RunnerOptions,
    private readonly log: Logger,
  ) {
    this.projections = options.projections ?? [];
    this.reactors = options.reactors ?? [];
    this.live = options.live ?? [];
    this.leases = options.leases;
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
      this.elect(track);
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
      this.elect(track);
      track.setAside = async (event, err) => {
        const done = await setAsideInReactor(this.db, r, track.persisted, event, err);
        track.persisted = done.checkpoint;
        return done;
      };
      track.loop = this.follow(track);
    }
    this.scheduleFlush(0);
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

  /** With leases: the track waits on standby until this node holds its lease (see Leases). */
  private elect(track: Track): void {
    if (!this.leases) return;
    track.leading = false;
    this.leases.register(`${track.kind}:${track.name}`, {
      acquired: () => {
        track.reload = true;
        track.leading = true;
        track.due = true;
        track.wake();
      },
      lost: () => {
        track.leading = false;
        track.wake();
        track.hurry?.();
      },
    });
  }

  /**
   * A standby track follows the checkpoint its leader stores: so its waiters (a command here that
   * waits for a projection run by another server) are told, and health shows the lag. One read of
   * every checkpoint serves all standby tracks for STANDBY_READ_MS; a track with waiters reads anew.
   */
  private async followLeader(track: Track): Promise<void> {
    const fresh = track.waiters.length > 0;
    if (!this.stored || fresh || Date.now() - this.stored.at > STANDBY_READ_MS) {
      const rows = this.db
        .selectFrom('projection_checkpoints')
        .select(['name', 'position_major', 'position_minor'])
        .execute()
        .then(
          (all) => new Map(all.map((r) => [r.name, [BigInt(r.position_major), BigInt(r.position_minor)] as const])),
        );
      this.stored = { at: Date.now(), rows: rows as Promise<Map<string, GlobalPosition>> };
      rows.catch(() => (this.stored = null));
    }
    const stored = (await this.stored.rows).get(track.row!) ?? null;
    if (!track.leading) {
      track.checkpoint = stored;
      track.persisted = stored;
      settle(track);
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
    for (const c of this.live) c.following?.(false);
    clearTimeout(this.flushTimer);
    await this.unlisten?.();
    this.wakeAll();
    for (const t of this.tracks.values()) t.hurry?.();
    await Promise.all([...this.tracks.values()].map((t) => t.loop));
    await this.flush().catch((err) => this.log.warn({ err }, 'storing checkpoints at stop failed'));
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

  /**
   * Each projection's and reactor's checkpoint and how far behind the feed it is. One bounded
   * read from the oldest checkpoint answers for all, so the health check stays cheap however long
   * the feed grows; `eventsBehind` stops counting at STATUS_LOOKAHEAD.
   */
  async status(): Promise<ProjectionStatus[]> {
    const tracks = [...this.tracks.values()].filter((t) => t.kind !== 'live');
    const inline = [...this.inlineNames].map((name) => ({
      name,
      kind: 'inline' as const,
      checkpoint: null,
      eventsBehind: 0,
      secondsBehind: 0,
      failing: null,
      fellBack: 0,
      leader: true,
    }));
    if (tracks.length === 0) return inline;
    const checkpoints = tracks.map((t) => t.checkpoint);
    const oldest = checkpoints.includes(null)
      ? null
      : (checkpoints as GlobalPosition[]).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
    const ahead = await this.store.readAll({ after: oldest, limit: STATUS_LOOKAHEAD });
    const now = Date.now();
    return [
      ...tracks.map((t) => {
        // What it has yet to act on: the events of others' types it passes later, in one page.
        const behind = ahead.filter((e) => !reached(t.checkpoint, e.globalPosition) && t.concerns(e.type));
        return {
          name: t.name,
          kind: t.kind as 'projection' | 'reactor',
          checkpoint: t.checkpoint ? `${t.checkpoint[0]}:${t.checkpoint[1]}` : null,
          eventsBehind: behind.length,
          secondsBehind: behind[0] ? Math.max(0, (now - Date.parse(behind[0].recordedAt)) / 1000) : 0,
          failing: t.failing,
          fellBack: t.setAsideCounts.fallback,
          leader: t.leading,
        };
      }),
      ...inline,
    ];
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

  /**
   * The flush on a timer: a failure (the database away) is logged and tried again later, backing
   * off up to 30 s, never left as an unhandled rejection that ends the process.
   */
  private scheduleFlush(failures: number): void {
    if (this.stopped) return;
    const delay = failures === 0 ? FLUSH_MS : Math.min(30_000, FLUSH_MS * 2 ** Math.min(failures, 5));
    this.flushTimer = setTimeout(() => {
      this.flush().then(
        () => this.scheduleFlush(0),
        (err: unknown) => {
          this.log.warn({ err, failures: failures + 1 }, 'storing checkpoints failed; will retry');
          this.scheduleFlush(failures + 1);
        },
      );
    }, delay);
    this.flushTimer.unref();
  }

  /**
   * Stores the checkpoints that moved in memory only (past events their consumer ignores). If
   * another runner stored one meanwhile, this runner takes that position instead: re-reading
   * ignored events is harmless, and handled ones are stored only once applied.
   */
  private async flush(): Promise<void> {
    for (const t of this.tracks.values()) {
      if (!t.row || !t.leading || t.reload || t.checkpoint === null || samePosition(t.checkpoint, t.persisted)) {
        continue;
      }
      const target = t.checkpoint;
      await this.db.transaction().execute(async (trx) => {
        // The lock keeps this apart from a reactor's batch, which moves its checkpoint last.
        await lockCheckpoint(trx, t.row!);
        if (await moveCheckpoint(trx, t.row!, t.persisted, target)) {
          t.persisted = target;
          return;
        }
        const stored = await readCheckpoint(trx, t.row!);
        t.persisted = stored;
        t.checkpoint = stored;
      });
    }
  }

  /**
   * The page after `after`: from the tail of recently read events when it holds them, so the feed
   * is read (and its JSON parsed) once however many tracks follow it; otherwise one read for every
   * track asking for the same page at the same moment.
   */
  private readPage(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    const cached = this.tail.after(after, limit);
    if (cached.length > 0) return Promise.resolve(cached);
    const key = `${after ? `${after[0]}:${after[1]}` : 'start'}|${limit}`;
    let page = this.pages.get(key);
    if (!page) {
      page = this.store
        .readAll({ after, limit })
        .then((events) => {
          this.tail.add(after, events);
          return events;
        })
        .finally(() => this.pages.delete(key));
      this.pages.set(key, page);
    }
    return page;
  }

  private readHead(): Promise<GlobalPosition | null> {
    this.head ??= this.store.headPosition().finally(() => (this.head = null));
    return this.head;
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

  /**
   * Applies a page; when it fails because of what an event holds, applies it again one event at a
   * time and sets aside (parking.ts) each event that still fails, so one bad event never stops the
   * consumer. A failure that is not an event's (the database away, a fault of the server's) is
   * thrown, and the loop waits and retries from the last event applied.
   */
  private async applyPage(track: Track, events: RecordedEvent[]): Promise<GlobalPosition | null> {
    try {
      return await track.apply(track.checkpoint, events);
    } catch (err) {
      if (!track.setAside || !isEventsFault(err) || this.stopped) throw err;
      this.log.warn({ err, consumer: track.name, events: events.length }, 'page failed; applying it event by event');
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
          this.log.error(
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

  private async follow(track: Track): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      try {
        if (!track.leading) {
          await this.followLeader(track);
          if (!this.stopped) await sleep(track, track.waiters.length ? STANDBY_WAIT_POLL_MS : this.idlePollMs);
          continue;
        }
        if (track.reload) {
          // The previous leader moved it: go on from where it stopped.
          track.checkpoint = track.persisted = await readCheckpoint(this.db, track.row!);
          track.reload = false;
        }
        const events = await this.readPage(track.checkpoint, BATCH);
        if (events.length > 0) {
          const mine = events.some((e) => track.concerns(e.type));
          track.checkpoint = await this.applyPage(track, events);
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
        const head = await this.readHead();
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
