import { sql, type Kysely } from 'kysely';

/**
 * Events a feed consumer (a projection, a reactor, a live consumer) could not apply because of the
 * event itself, set aside so the consumer goes on: one row each, with the error, until an operator
 * retries it (`npm run projections:parked -- retry`) and it applies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table parked_events (
      consumer text not null,
      position_major numeric(20, 0) not null,
      position_minor numeric(20, 0) not null,
      event_id uuid not null,
      event_type text not null,
      stream_id text not null,
      hospital_id text,
      error text not null,
      attempts integer not null default 1,
      parked_at timestamptz not null default now(),
      primary key (consumer, event_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table parked_events`.execute(db);
}
