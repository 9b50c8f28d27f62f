import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createDb, createPool, type Db } from '../../src/platform/db/database';
import type { DomainEvent, EventMetadata, RecordedEvent } from '../../src/platform/event-store/port';
import { applyEvents, type Projection } from '../../src/platform/projections/projection';
import { createTestDatabase, type TestDatabase } from './database';

const sorted = (rows: Record<string, unknown>[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

/** An event as a spec gives it: its type and data, the stream it is in, and who did it when (optional). */
export type GivenEvent<E extends DomainEvent = DomainEvent> = E & {
  streamId: string;
  metadata?: Partial<EventMetadata>;
};

/**
 * Projection specs in emmett's style, needing only a database (issue 36 §3): no server, no runner,
 * no HTTP. `given(events)` applies them to the projection as the runner applies a page (each run
 * of a type through its batch handler); `then(table, rows)` compares the table's rows, only the
 * columns the expected rows name, in any order. Each stream's revisions count from 0 in the order
 * given; positions follow the order given.
 *
 *   const spec = projectionSpec(medicationStockProjection);
 *   it('…', () => spec.given(stocked, dispensed).then('pharmacy_medications', [{ stock_quantity: 90 }]));
 */
export function projectionSpec(projection: Projection) {
  let database: TestDatabase;
  let db: Db;
  let position = 0n;
  beforeAll(async () => {
    database = await createTestDatabase('hms_spec', { migrated: true });
    db = createDb(createPool(database.url, 2));
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  beforeEach(async () => {
    await db.transaction().execute((trx) => projection.reset(trx));
  });

  const recorded = (events: GivenEvent[]): RecordedEvent[] => {
    const revisions = new Map<string, bigint>();
    return events.map(({ type, data, streamId, metadata }) => {
      const revision = revisions.get(streamId) ?? 0n;
      revisions.set(streamId, revision + 1n);
      position += 1n;
      const occurredAt =
        metadata?.occurredAt ?? new Date(Date.UTC(2026, 10, 27, 9) + Number(position) * 60_000).toISOString();
      return {
        type,
        data,
        id: randomUUID(),
        streamId,
        revision,
        globalPosition: [position, 0n],
        recordedAt: occurredAt,
        metadata: {
          hospitalId: 'hospital-1',
          actor: { userId: 'user-1', role: 'doctor', name: 'Dr Ada Obi' },
          correlationId: 'c-1',
          causationId: 'c-1',
          occurredAt,
          ...metadata,
        },
      } as unknown as RecordedEvent;
    });
  };

  const given = (...events: GivenEvent[]) => {
    const applied = (async () => {
      const page = recorded(events);
      await db.transaction().execute((trx) => applyEvents(projection, trx, page));
      return page;
    })();
    const then = async (table: string, rows: Record<string, unknown>[]) => {
      await applied;
      const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
      const found = await sql<Record<string, unknown>>`select ${sql.join(columns.map((c) => sql.ref(c)))}
        from ${sql.table(table)}`.execute(db);
      expect(sorted(found.rows)).toEqual(sorted(rows));
    };
    return {
      then,
      /** A query of the module's own over the rows the events made (what a route answers from them). */
      read: async <T>(query: (db: Db) => Promise<T>): Promise<T> => {
        await applied;
        return query(db);
      },
      /** The same events once more, as a replay after a crash would bring them: nothing may change. */
      replayed: () => ({
        then: async (table: string, rows: Record<string, unknown>[]) => {
          const page = await applied;
          await db.transaction().execute((trx) => applyEvents(projection, trx, page));
          await then(table, rows);
        },
      }),
    };
  };

  return { given };
}
