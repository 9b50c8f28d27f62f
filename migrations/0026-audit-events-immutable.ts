import { sql, type Kysely } from 'kysely';

/**
 * The event log is append-only in the database itself, not only by convention: a trigger refuses
 * every UPDATE and DELETE on `events` (and TRUNCATE), whoever connects. Repairing a store by hand
 * now needs `alter table events disable trigger …` first, which needs the table's owner and stands
 * out; the audit hash chain (GET /api/audit/verify) then names any event that was changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function hms_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'events are append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
  await sql`create trigger events_no_update_delete before update or delete on events
            for each row execute function hms_events_append_only()`.execute(db);
  await sql`create trigger events_no_truncate before truncate on events
            for each statement execute function hms_events_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger events_no_truncate on events`.execute(db);
  await sql`drop trigger events_no_update_delete on events`.execute(db);
  await sql`drop function hms_events_append_only()`.execute(db);
}
