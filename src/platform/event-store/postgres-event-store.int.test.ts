import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metadataFor } from './metadata';
import { comparePositions, type GlobalPosition } from './port';
import { createPostgresTestStore, type PostgresTestStore } from './postgres-test-store';

const WRITERS = 8;
const APPENDS_PER_WRITER = 1000;
const STREAMS_PER_WRITER = 5;

/**
 * The global feed's promise under real concurrency: writers' transactions take positions in one
 * order and commit in another, and a reader following the feed while they write must still see
 * every event exactly once, in stream order, with its cursor only ever moving forward.
 */
describe('Postgres event store under concurrent writers', () => {
  let pg: PostgresTestStore;
  beforeAll(async () => {
    pg = await createPostgresTestStore(WRITERS + 4);
  });
  afterAll(async () => pg?.close());

  it(`a reader sees all ${WRITERS}×${APPENDS_PER_WRITER} appends once and in order while they happen`, async () => {
    const { store } = pg;
    const metadata = metadataFor({ hospitalId: 'hospital-1' });
    const total = WRITERS * APPENDS_PER_WRITER;
    let writing = true;

    const writer = async (w: number) => {
      const revisions = new Map<string, bigint>();
      for (let i = 0; i < APPENDS_PER_WRITER; i++) {
        const stream = `load-${w}-${i % STREAMS_PER_WRITER}`;
        const current = revisions.get(stream);
        const result = await store.append(stream, [{ type: 'Loaded', data: { w, i }, metadata }], {
          expectedRevision: current ?? 'no_stream',
        });
        revisions.set(stream, result.nextRevision);
      }
    };

    let endedAt = Infinity;
    const seen = new Set<string>();
    const lastRevision = new Map<string, bigint>();
    const problems: string[] = [];
    let seenWhileWriting = 0;
    const reader = async () => {
      let cursor: GlobalPosition | null = null;
      while (seen.size < total) {
        const page = await store.readAll({ after: cursor, limit: 500 });
        if (page.length === 0) {
          // After the writers, an empty page is the end only once the cursor is at the head: until
          // then a transaction older than the last writes (any on the server, another test's too)
          // still hides them, as the feed promises, for as long as it stays open.
          if (!writing) {
            const head = await store.headPosition();
            const hidden = head !== null && (cursor === null || comparePositions(head, cursor) > 0);
            if (!hidden || Date.now() > endedAt + 30_000) {
              problems.push(`feed ended after ${seen.size} of ${total} events`);
              return;
            }
          }
          await new Promise((r) => setTimeout(r, 2));
          continue;
        }
        if (writing) seenWhileWriting += page.length;
        for (const e of page) {
          if (cursor && comparePositions(e.globalPosition, cursor) <= 0)
            problems.push(`cursor went back: ${e.globalPosition} after ${cursor}`);
          if (seen.has(e.id)) problems.push(`duplicate ${e.id} at ${e.globalPosition}`);
          const expected = (lastRevision.get(e.streamId) ?? -1n) + 1n;
          if (e.revision !== expected) problems.push(`${e.streamId}: revision ${e.revision}, expected ${expected}`);
          seen.add(e.id);
          lastRevision.set(e.streamId, e.revision);
          cursor = e.globalPosition;
        }
      }
    };

    const reading = reader();
    await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
    endedAt = Date.now();
    writing = false;
    await reading;

    expect(problems).toEqual([]);
    expect(seen.size).toBe(total);
    const { rows } = await pg.pool.query<{ count: string }>('select count(*) from events');
    expect(Number(rows[0]!.count)).toBe(total);
    for (let w = 0; w < WRITERS; w++) {
      for (let s = 0; s < STREAMS_PER_WRITER; s++) {
        expect(lastRevision.get(`load-${w}-${s}`)).toBe(BigInt(APPENDS_PER_WRITER / STREAMS_PER_WRITER - 1));
      }
    }
    // The reader really followed the feed while it was being written, not only afterwards.
    expect(seenWhileWriting).toBeGreaterThan(0);
  });

  it("never refuses 'any': concurrent appends to one stream all land, one revision each", async () => {
    const { store } = pg;
    const metadata = metadataFor({ hospitalId: 'hospital-1' });
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        store.append('any-contended', [{ type: 'Loaded', data: { i }, metadata }], { expectedRevision: 'any' }),
      ),
    );
    expect(results.map((r) => Number(r.nextRevision)).sort((a, b) => a - b)).toEqual([...Array(16).keys()]);
    expect(await store.readStream('any-contended')).toHaveLength(16);
  });
});
