import { sql, type Kysely } from 'kysely';

/**
 * The global feed's page read as a function, so it can carry its own planner settings. The page
 * must walk the (transaction_id, position) index in order and stop at the limit; without fresh
 * statistics (a bulk import, a restore) the planner may instead fetch every later event and sort
 * them on disk, a hundred times slower. `enable_sort` and `enable_bitmapscan` off for this one
 * statement keep the index walk whatever the statistics say.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function hms_events_after(after_tx xid8, after_position bigint, max_rows integer)
    returns setof events
    language sql stable
    set enable_sort = off
    set enable_bitmapscan = off
    as $$
      select * from events
       where (transaction_id, position) > (after_tx, after_position)
         and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
       order by transaction_id, position
       limit max_rows
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function hms_events_after(xid8, bigint, integer)`.execute(db);
}
