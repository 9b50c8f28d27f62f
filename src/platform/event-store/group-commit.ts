import type { StreamWrite } from './port';

/**
 * What a batch's commit says of each of its appends: committed with this value, or not written
 * at all (its expected revisions did not hold), to be tried again on its own.
 */
export type BatchOutcome<T> = { committed: true; value: T } | { committed: false };

export type GroupCommitOptions<T> = {
  /** Commits several appends in one transaction; one outcome per append, in order. Throws: nothing written. */
  commitBatch: (batch: StreamWrite[][]) => Promise<BatchOutcome<T>[]>;
  /** Commits one append alone, with its own error (a conflict, an invalid event) when it fails. */
  commitAlone: (writes: StreamWrite[]) => Promise<T>;
  /** Batches committing at once; a new append waits only when this many are in flight. */
  maxInFlight?: number;
  /** Appends in one batch at most. */
  maxBatch?: number;
};

/** Appends in one batch at most, unless told otherwise. */
export const MAX_BATCH = 64;

type Pending<T> = {
  writes: StreamWrite[];
  streams: readonly string[];
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
};

/**
 * Group commit: concurrent appends share one transaction, so a burst of commands costs one
 * round trip to begin, one statement, one commit and one disk flush between them instead of each.
 *
 * An append starts at once while fewer than `maxInFlight` batches are committing (alone when the
 * system is quiet, so nobody waits for company); otherwise it queues, and the next free slot takes
 * everything queued as one batch. A batch never holds two appends to the same stream, nor a
 * stream a batch in flight writes: two commands on one aggregate stay ordered, one after the other.
 *
 * Each append is acknowledged only after the transaction that holds it has committed. An append
 * whose expected revisions fail inside a batch, and every append of a batch that fails as a whole
 * (a concurrent writer took a revision first, a projection refused one event), is committed again
 * on its own, so it gets its own answer and the others are not held back by it.
 */
export class GroupCommit<T> {
  private readonly queue: Pending<T>[] = [];
  private readonly writing = new Set<string>();
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  constructor(private readonly options: GroupCommitOptions<T>) {
    this.maxInFlight = options.maxInFlight ?? 1;
    this.maxBatch = options.maxBatch ?? MAX_BATCH;
  }

  append(writes: StreamWrite[]): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ writes, streams: writes.map((w) => w.stream), resolve, reject });
      this.drain();
    });
  }

  /** Starts batches while there is room and something that can go. */
  private drain(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight++;
      for (const p of batch) for (const s of p.streams) this.writing.add(s);
      void this.run(batch).finally(() => {
        for (const p of batch) for (const s of p.streams) this.writing.delete(s);
        this.inFlight--;
        this.drain();
      });
    }
  }

  /** The queued appends that can share the next batch, in arrival order; the rest stay queued. */
  private take(): Pending<T>[] {
    const batch: Pending<T>[] = [];
    const streams = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.maxBatch;) {
      const p = this.queue[i]!;
      const clash = p.streams.some((s) => this.writing.has(s) || streams.has(s));
      // An append to a stream the batch or one in flight already writes waits its turn; so does
      // everything behind it on the same stream, which keeps each stream's appends in order.
      for (const s of p.streams) streams.add(s);
      if (clash) {
        i++;
        continue;
      }
      batch.push(p);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async run(batch: Pending<T>[]): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]!);
    let outcomes: BatchOutcome<T>[];
    try {
      outcomes = await this.options.commitBatch(batch.map((p) => p.writes));
    } catch {
      // Nothing of the batch was written: each append on its own, with its own outcome.
      await Promise.all(batch.map((p) => this.alone(p)));
      return;
    }
    const retry: Pending<T>[] = [];
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if (outcome.committed) p.resolve(outcome.value);
      else retry.push(p);
    });
    await Promise.all(retry.map((p) => this.alone(p)));
  }

  private async alone(p: Pending<T>): Promise<void> {
    try {
      p.resolve(await this.options.commitAlone(p.writes));
    } catch (e) {
      p.reject(e);
    }
  }
}
