import { sql, type Kysely } from 'kysely';

/**
 * The event store. `position` orders events within a transaction; `transaction_id` (xid8)
 * lets readers take only events whose writing transactions have all finished, so a
 * transaction that commits late can never be skipped (see postgres-event-store.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      position bigint generated always as identity primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_revision bigint not null,
      event_id uuid not null unique,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default clock_timestamp(),
      unique (stream_id, stream_revision)
    )`.execute(db);
  await sql`create index events_global_order on events (transaction_id, position)`.execute(db);
  await sql`create index events_hospital on events ((metadata->>'hospitalId'), position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table events`.execute(db);
}
