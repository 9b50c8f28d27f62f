import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPostgresTestStore, type PostgresTestStore } from '../event-store/postgres-test-store';
import { reactorCheckpoint } from './batches';
import { readCheckpoint } from './checkpoints';
import { appendCounted, silentLog } from './counting-projection';
import type { Reactor } from './projection';
import { ProjectionRunner } from './runner';

/** A reactor that notes the seq of every Counted event it reacts to. */
function noting(name: string, firstStart?: Reactor['firstStart']) {
  const seen: number[] = [];
  const reactor: Reactor = {
    name,
    handles: ['Counted'],
    firstStart,
    react: async (event) => {
      seen.push((event.data as { seq: number }).seq);
    },
  };
  return { reactor, seen };
}

describe("a reactor's first start", () => {
  let pg: PostgresTestStore;
  const runners: ProjectionRunner[] = [];
  const start = async (...reactors: Reactor[]) => {
    const r = new ProjectionRunner(pg.db, pg.store, { reactors }, silentLog);
    runners.push(r);
    await r.start();
    return r;
  };

  beforeEach(async () => {
    pg = await createPostgresTestStore(5);
  });
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await pg?.close();
  });

  it("'feed-head' skips the history before it, records where it began, and keeps it across restarts", async () => {
    const head = await appendCounted(pg.store, 30, 10);
    const fromHead = noting('from-head', 'feed-head');
    const fromStart = noting('from-start');
    const first = await start(fromHead.reactor, fromStart.reactor);
    expect(await readCheckpoint(pg.db, reactorCheckpoint('from-head'))).toEqual(head);
    await appendCounted(pg.store, 5, 5, 31);
    await vi.waitFor(() => expect(fromStart.seen).toHaveLength(35), { timeout: 15_000 });
    await vi.waitFor(() => expect(fromHead.seen).toEqual([31, 32, 33, 34, 35]), { timeout: 15_000 });
    await first.stop();

    // Events while it was stopped are not skipped: the head rule holds for the first start only.
    await appendCounted(pg.store, 2, 2, 36);
    const again = noting('from-head', 'feed-head');
    await start(again.reactor);
    await vi.waitFor(() => expect(again.seen).toEqual([36, 37]), { timeout: 15_000 });
  });

  it("'feed-head' on an empty feed starts at the start, so a new system misses nothing", async () => {
    const fromHead = noting('from-head', 'feed-head');
    await start(fromHead.reactor);
    expect(await readCheckpoint(pg.db, reactorCheckpoint('from-head'))).toBeNull();
    await appendCounted(pg.store, 3, 3);
    await vi.waitFor(() => expect(fromHead.seen).toEqual([1, 2, 3]), { timeout: 15_000 });
  });
});
