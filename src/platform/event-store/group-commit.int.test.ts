import { sql } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../projections/projection';
import { defineEvent, EventRegistry } from './contracts';
import { EventLog } from './event-log';
import { metadataFor } from './metadata';
import { WrongExpectedRevision, type AppendResult, type ExpectedRevision } from './port';
import { createPostgresTestStore, type PostgresTestStore } from './postgres-test-store';

const noted = defineEvent('Noted', z.object({ note: z.string() }));
/** No inline projection handles it (an access event): its batches commit as one statement. */
const seen = defineEvent('Seen', z.object({ note: z.string() }));

/** The inline projection: one row per note, in the append's transaction. A note "poison" it refuses. */
const notes: Projection = {
  name: 'gc-notes',
  inline: true,
  handlers: {
    Noted: async (trx, event) => {
      const note = (event.data as { note: string }).note;
      if (note === 'poison') throw new Error('the projection refuses this note');
      await sql`insert into gc_notes (stream_id, note) values (${event.streamId}, ${note})`.execute(trx);
    },
  },
  reset: async (trx) => void (await sql`delete from gc_notes`.execute(trx)),
};

/**
 * Concurrent appends through the application's event log on PostgreSQL share transactions
 * (group commit), and each one still gets its own answer: its conflict, its projection's refusal,
 * or its events committed with their inline rows.
 */
describe('group commit on PostgreSQL', () => {
  let pg: PostgresTestStore;
  let log: EventLog;
  const metadata = metadataFor({ hospitalId: 'h-gc' });
  const note = (stream: string, text: string, expectedRevision: ExpectedRevision = 'no_stream') =>
    log.append(stream, [{ type: 'Noted', data: { note: text }, metadata }], { expectedRevision });

  beforeAll(async () => {
    pg = await createPostgresTestStore(12);
    await sql`create table gc_notes (stream_id text not null, note text not null, primary key (stream_id, note))`.execute(
      pg.db,
    );
    log = new EventLog(pg.store, new EventRegistry([noted, seen]), pg.db, [notes]);
  });
  afterAll(async () => pg?.close());

  const transactionsOf = async (prefix: string) =>
    (
      await sql<{ n: number }>`select count(distinct transaction_id)::int as n from events
                                where stream_id like ${`${prefix}%`}`.execute(pg.db)
    ).rows[0]!.n;

  it('commits a burst of concurrent appends in fewer transactions than appends, every one with its row', async () => {
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => note(`burst-${i}`, `n${i}`)));
    expect(results.every((r) => r.nextRevision === 0n)).toBe(true);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from gc_notes where stream_id like 'burst-%'`.execute(pg.db);
    expect(rows.rows[0]!.n).toBe(60);
    expect(await transactionsOf('burst-')).toBeLessThan(60);
    // Each answer names its own event: the positions of distinct appends differ.
    expect(new Set(results.map((r) => r.position.join(':'))).size).toBe(60);
  });

  it('refuses only the append whose expected revision is stale; the others of its batch commit', async () => {
    await note('stale-target', 'first');
    const outcomes = await Promise.allSettled([
      note('stale-a', 'a'),
      note('stale-b', 'b'),
      note('stale-target', 'second', 'no_stream'),
      note('stale-c', 'c'),
      note('stale-d', 'd'),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevision);
    const target = await pg.store.readStream('stale-target');
    expect(target.map((e) => (e.data as { note: string }).note)).toEqual(['first']);
  });

  it("fails only the append its projection refuses, and writes none of that append's events", async () => {
    const outcomes = await Promise.allSettled(
      ['ok-1', 'ok-2', 'poison', 'ok-3', 'ok-4'].map((text, i) => note(`poison-${i}`, text)),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(String((outcomes[2] as PromiseRejectedResult).reason)).toContain('refuses this note');
    expect(await pg.store.readStream('poison-2')).toEqual([]);
    const rows = await sql<{ stream_id: string }>`select stream_id from gc_notes where stream_id like 'poison-%'
                                                  order by stream_id`.execute(pg.db);
    expect(rows.rows.map((r) => r.stream_id)).toEqual(['poison-0', 'poison-1', 'poison-3', 'poison-4']);
  });

  it('keeps the appends to one stream in the order they were made, each on the revision before it', async () => {
    const results: AppendResult[] = [];
    await Promise.all([
      ...Array.from({ length: 20 }, (_, i) =>
        note('ordered', `o${i}`, i === 0 ? 'no_stream' : BigInt(i - 1)).then((r) => void results.push(r)),
      ),
      ...Array.from({ length: 20 }, (_, i) => note(`beside-${i}`, `b${i}`)),
    ]);
    const events = await pg.store.readStream('ordered');
    expect(events.map((e) => (e.data as { note: string }).note)).toEqual(Array.from({ length: 20 }, (_, i) => `o${i}`));
    expect(results.map((r) => r.nextRevision)).toEqual(Array.from({ length: 20 }, (_, i) => BigInt(i)));
  });

  it('gives two concurrent creators of one stream one success and one conflict', async () => {
    const outcomes = await Promise.allSettled([note('busy-1', 'x'), note('twice', 'first'), note('twice', 'second')]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevision);
  });

  it('commits a burst of appends no inline projection handles in shared statements, each all or nothing', async () => {
    const seeOn = (stream: string, text: string, expectedRevision: ExpectedRevision = 'no_stream') =>
      log.append(stream, [{ type: 'Seen', data: { note: text }, metadata }], { expectedRevision });
    await seeOn('seen-target', 'first');
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 40 }, (_, i) => seeOn(`seen-${i}`, `s${i}`)),
      seeOn('seen-target', 'second', 'no_stream'),
      seeOn('seen-target', 'third', 0n),
    ]);
    expect(outcomes.slice(0, 40).every((o) => o.status === 'fulfilled')).toBe(true);
    expect((outcomes[40] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevision);
    expect(outcomes[41]!.status).toBe('fulfilled');
    expect(await transactionsOf('seen-')).toBeLessThan(43);
    const target = await pg.store.readStream('seen-target');
    expect(target.map((e) => (e.data as { note: string }).note)).toEqual(['first', 'third']);
    // Every committed append's event is in the feed once, with its own position.
    const positions = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value.position.join(':')] : []));
    expect(new Set(positions).size).toBe(41);
  });

  it("keeps each event's data and metadata of a shared statement as it was sent: quotes, backslashes, any script", async () => {
    const texts = [
      'plain',
      'a "quoted" word',
      'back\\slash \\" both',
      'Adébáyọ̀ 李 🩺',
      '{"json": [1, "x"]}',
      "'single'",
    ];
    const sent = texts.map((text, i) => ({
      stream: `kept-${i}`,
      data: { note: text },
      metadata: {
        ...metadata,
        correlationId: `c-${i} ${text}`,
        actor: { userId: `u${i}`, role: 'nurse' as const, name: text },
      },
    }));
    await Promise.all(
      sent.map((w) =>
        log.append(w.stream, [{ type: 'Seen', data: w.data, metadata: w.metadata }], { expectedRevision: 'no_stream' }),
      ),
    );
    expect(await transactionsOf('kept-')).toBeLessThan(texts.length);
    for (const w of sent) {
      const [stored] = await pg.store.readStream(w.stream);
      expect(stored!.data).toEqual(w.data);
      expect(stored!.metadata).toMatchObject(w.metadata);
    }
  });
});
