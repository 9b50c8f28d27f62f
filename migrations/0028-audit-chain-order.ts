import { sql, type Kysely } from 'kysely';

/**
 * A hospital's chain in feed order, read straight from `events` (issue 21): the signed checkpoints
 * are compared with the chain recomputed from the stored events alone, never with the hashes kept
 * in `audit_events`, which whoever can write that table can recompute. This index walks one
 * hospital's events in chain order without sorting them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index events_chain_order on events ((coalesce(metadata->>'hospitalId', '')), transaction_id, position)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index events_chain_order`.execute(db);
}
