import { sql, type Kysely } from 'kysely';

/**
 * Issue 34 §5: the access log. A read that shows patient data (a record, a list, a search, a report)
 * is written straight here by the request that served it, many reads to one insert (the access
 * log's group commit), instead of travelling as a `RecordAccessed` event through the store, the feed
 * and the trail's projection.
 *
 * The rows are sealed in the background (the audit module's ReadSealer): every ten seconds one
 * `ReadsSealed` event per hospital covers that hospital's rows from its last seal's end up to the
 * last committed row, with their count and a SHA-256 over them. Inserts take one lock, so their
 * positions commit in order: every row below the highest committed position is committed, and a
 * seal's range of positions is final. The event is in the hospital's hash chain and under its
 * signed checkpoints, so a row changed, removed or added later no longer matches its seal.

 * Reads recorded as events before this stay where they are (`audit_events`); the readers read both.
 *
 * - `position` comes from the event store's own sequence, so an entry of either table has a place
 *   of its own in the trail's order (time, position) and in its page cursor.
 * - `patient_ids`: every patient the read showed, the record's own patient too, for "who saw X".
 * - `event_id`: time-ordered (UUID version 7), so the key grows at its right edge.
 * - Append-only like the trail (migration 0042's trigger function); the app's role keeps INSERT and
 *   SELECT only (app-role.ts). `audit_read_seal_bounds` is the sealer's own bookkeeping: a change to
 *   it can only make a later seal disagree with the rows, which verification reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_reads (
      event_id uuid primary key,
      position bigint not null default nextval(pg_get_serial_sequence('events', 'position')::regclass),
      hospital_id text not null,
      occurred_at timestamptz not null,
      actor_id text not null,
      actor_name text not null,
      actor_role text not null,
      action text not null,
      subject_type text,
      subject_id text,
      patient_ids text[] not null,
      ip text,
      request_id text,
      data jsonb not null
    )`.execute(db);
  await sql`create index audit_reads_newest on audit_reads (hospital_id, occurred_at desc, position desc)`.execute(db);
  await sql`create index audit_reads_patients on audit_reads using gin (patient_ids)`.execute(db);
  // The sealer's and the verifier's ranges of positions; it grows at its right edge.
  await sql`create index audit_reads_position on audit_reads (position)`.execute(db);
  await sql`create table audit_read_seal_bounds (hospital_id text primary key, to_position bigint not null)`.execute(
    db,
  );
  await sql`create trigger audit_reads_no_update_delete before update or delete on audit_reads
            for each row execute function hms_audit_append_only()`.execute(db);
  await sql`create trigger audit_reads_no_truncate before truncate on audit_reads
            for each statement execute function hms_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_read_seal_bounds`.execute(db);
  await sql`drop table audit_reads`.execute(db);
}
