import type { Db } from '../db/database';
import type { EventStore, GlobalPosition, RecordedEvent } from '../event-store/port';
import { applyProjectionBatch, concerns, reached, rebuildProjection } from './batches';
import { dropDeferredIndexes, restoreDeferredIndexes } from './deferred-indexes';
import { deleteCheckpoint, lockCheckpoint, moveCheckpoint } from './checkpoints';
import { samePosition } from './feed-tail';
import type { Projection } from './projection';

/**
 * How every projection is rebuilt at once. `one-pass`: the feed is read (and its JSON parsed and
 * its contracts checked) once, and each projection applies the pages at its own pace, at most
 * `ahead` pages behind the reader. `concurrent`: each projection runs its own rebuild, reading
 * the whole feed itself. bench/rebuild.bench.ts measures both.
 */
export type RebuildMode = 'one-pass' | 'concurrent';

export type RebuildAllOptions = {
  pageSize: number;
  retryMs: number;
  mode: RebuildMode;
  ahead?: number;
  /** The tables' owner: with it, the projections' deferred indexes are dropped for the rebuild and built after. */
  owner?: Db;
};

/** Empties every projection's tables and replays the feed into all of them; returns the events read. */
export async function rebuildAll(
  db: Db,
  store: EventStore,
  projections: readonly Projection[],
  options: RebuildAllOptions,
  onProgress: (name: string, applied: number) => void,
): Promise<number> {
  const { owner } = options;
  if (!owner) return replayAll(db, store, projections, options, onProgress);
  await dropDeferredIndexes(owner, projections);
  try {
    return await replayAll(db, store, projections, options, onProgress);
  } finally {
    // Even after a failure: the half-filled tables are read with their indexes until the next rebuild.
    await restoreDeferredIndexes(owner);
  }
}

async function replayAll(
  db: Db,
  store: EventStore,
  projections: readonly Projection[],
  options: RebuildAllOptions,
  onProgress: (name: string, applied: number) => void,
): Promise<number> {
  if (options.mode === 'concurrent') {
    const counts = await Promise.all(
      projections.map((p) => rebuildProjection(db, store, p, options, (n) => onProgress(p.name, n))),
    );
    return Math.max(0, ...counts);
  }
  // Emptied as the owner when there is one: the audit trail's tables are append-only to the app (migration 0042).
  for (const p of projections) await resetProjection(options.owner ?? db, p);
  const feed = new SharedFeed(store, options.pageSize, options.retryMs, options.ahead ?? 4, projections.length);
  const counts = await Promise.all(
    projections.map((p, i) =>
      replayInto(db, p, feed, i, (n) => onProgress(p.name, n)).catch((err: unknown) => {
        // The others are not held back waiting for it: the reader no longer counts it.
        feed.done(i, Infinity);
        throw err;
      }),
    ),
  );
  return Math.max(0, ...counts);
}

/** Lock, checkpoint, tables: as `rebuildProjection` does, so a running batch is never half-emptied. */
async function resetProjection(db: Db, projection: Projection): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockCheckpoint(trx, projection.name);
    await deleteCheckpoint(trx, projection.name);
    await projection.reset(trx);
  });
}

/** One consumer of the shared feed: every page it has use for in a batch with its checkpoint. */
async function replayInto(
  db: Db,
  projection: Projection,
  feed: SharedFeed,
  consumer: number,
  onProgress: (applied: number) => void,
): Promise<number> {
  let persisted: GlobalPosition | null = null;
  let at: GlobalPosition | null = null;
  let passed = 0;
  for (let page = 0; ; page++) {
    const events = await feed.page(page);
    feed.done(consumer, page);
    if (events.length === 0) break;
    at = events[events.length - 1]!.globalPosition;
    passed += events.length;
    if (events.some((e) => concerns(projection, e.type))) {
      const batch = await applyProjectionBatch(db, projection, persisted, events, { rebuilding: true });
      // A runner moved it meanwhile (a server left running): it owns the projection from there.
      if (!batch.applied) throw new Error(`${projection.name}: its checkpoint moved during the rebuild`);
      persisted = batch.checkpoint;
    }
    onProgress(passed);
  }
  // Past the last page it had use for: the checkpoint moves to the end, as the runner's flush would.
  if (at !== null && !samePosition(at, persisted)) {
    const end = at;
    await db.transaction().execute(async (trx) => {
      if (!(await moveCheckpoint(trx, projection.name, persisted, end))) {
        throw new Error(`${projection.name}: its checkpoint moved during the rebuild`);
      }
    });
  }
  return passed;
}

/**
 * The feed read once for several consumers: pages are read one after the other, and no sooner than
 * the slowest consumer is `ahead` pages behind, so memory stays bounded by `ahead` pages. An empty
 * page (the head reached) ends the replay; one that is empty only because an older transaction is
 * still open is read again, as `rebuildProjection` does.
 */
class SharedFeed {
  private readonly pages = new Map<number, RecordedEvent[]>();
  private readonly waiters = new Map<
    number,
    { resolve: (e: RecordedEvent[]) => void; reject: (e: unknown) => void }[]
  >();
  private readonly finished: number[];
  private wakeReader: (() => void) | null = null;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly pageSize: number,
    private readonly retryMs: number,
    private readonly ahead: number,
    consumers: number,
  ) {
    this.finished = new Array<number>(consumers).fill(-1);
    void this.readAll().catch((error: unknown) => {
      this.failure = { error };
      for (const list of this.waiters.values()) for (const w of list) w.reject(error);
      this.waiters.clear();
    });
  }

  page(n: number): Promise<RecordedEvent[]> {
    const page = this.pages.get(n);
    if (page) return Promise.resolve(page);
    if (this.failure) return Promise.reject(this.failure.error);
    return new Promise((resolve, reject) => {
      const list = this.waiters.get(n) ?? [];
      list.push({ resolve, reject });
      this.waiters.set(n, list);
    });
  }

  /** The consumer is through page `n`: pages every consumer is through are let go. */
  done(consumer: number, n: number): void {
    this.finished[consumer] = n;
    const slowest = Math.min(...this.finished);
    for (const key of this.pages.keys()) if (key <= slowest) this.pages.delete(key);
    this.wakeReader?.();
  }

  private async readAll(): Promise<void> {
    let after: GlobalPosition | null = null;
    for (let n = 0; ; n++) {
      while (n - Math.min(...this.finished) > this.ahead) {
        await new Promise<void>((resolve) => (this.wakeReader = resolve));
        this.wakeReader = null;
      }
      const events = await this.read(after);
      this.pages.set(n, events);
      for (const w of this.waiters.get(n) ?? []) w.resolve(events);
      this.waiters.delete(n);
      if (events.length === 0) return;
      after = events[events.length - 1]!.globalPosition;
    }
  }

  private async read(after: GlobalPosition | null): Promise<RecordedEvent[]> {
    for (;;) {
      const events = await this.store.readAll({ after, limit: this.pageSize });
      if (events.length > 0) return events;
      const head = await this.store.headPosition();
      if (head === null || reached(after, head)) return [];
      await new Promise((r) => setTimeout(r, this.retryMs));
    }
  }
}
