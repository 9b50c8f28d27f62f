import type { Db } from '../db/database';
import type { Logger } from '../logger';
import { lockCheckpoint, moveCheckpoint, readCheckpoint } from './checkpoints';
import { samePosition } from './feed-tail';
import type { Track } from './track';

/** How often a checkpoint moved only past events a consumer ignores is stored. */
const FLUSH_MS = 1000;

/**
 * Stores, on a timer, the checkpoints of the tracks that moved in memory only (past events their
 * consumer ignores), so a restart does not read them all again.
 */
export class CheckpointFlush {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly tracks: () => Iterable<Track>,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** No more flushes on the timer; `flush` may still be called, once, at the end. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /**
   * The flush on a timer: a failure (the database away) is logged and tried again later, backing
   * off up to 30 s, never left as an unhandled rejection that ends the process.
   */
  private schedule(failures: number): void {
    if (this.stopped) return;
    const delay = failures === 0 ? FLUSH_MS : Math.min(30_000, FLUSH_MS * 2 ** Math.min(failures, 5));
    this.timer = setTimeout(() => {
      this.flush().then(
        () => this.schedule(0),
        (err: unknown) => {
          this.log.warn({ err, failures: failures + 1 }, 'storing checkpoints failed; will retry');
          this.schedule(failures + 1);
        },
      );
    }, delay);
    this.timer.unref();
  }

  /**
   * Stores the checkpoints that moved in memory only. If another runner stored one meanwhile, this
   * runner takes that position instead: re-reading ignored events is harmless, and handled ones are
   * stored only once applied.
   */
  async flush(): Promise<void> {
    for (const t of this.tracks()) {
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
}
