import { sql, type Kysely } from 'kysely';

/**
 * The audit trail (issue 10): one row per event of the whole feed, written by the audit
 * projection. `primary_entry` marks the one row a commit shows in the trail (a registration's
 * reservation rides along with it); `seq` and `hash` place the row in its hospital's hash chain,
 * each hash covering the previous one and the stored event's canonical JSON. `audit_subjects` is
 * the projection's own copy of names (patients, staff, hospitals) for its sentences.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`
    create table audit_events (
      position bigint primary key,
      feed_tx text not null,
      hospital_id text not null,
      seq bigint,
      hash text,
      event_id uuid not null unique,
      event_type text not null,
      stream_id text not null,
      stream_revision bigint not null,
      occurred_at timestamptz not null,
      actor_id text not null,
      actor_name text not null,
      actor_role text not null,
      action text not null,
      subject_type text,
      subject_id text,
      outcome text not null,
      ip text,
      request_id text,
      correlation_id text,
      causation_id text,
      primary_entry boolean not null,
      data jsonb not null,
      search_text text generated always as (lower(action || ' ' || actor_name || ' ' || coalesce(subject_id, ''))) stored
    )`.execute(db);
  await sql`create unique index audit_events_chain on audit_events (hospital_id, seq)`.execute(db);
  await sql`create index audit_events_newest on audit_events (hospital_id, occurred_at desc, position desc)
            where primary_entry`.execute(db);
  await sql`create index audit_events_actor on audit_events (hospital_id, actor_id, occurred_at desc, position desc)
            where primary_entry`.execute(db);
  await sql`create index audit_events_subject on audit_events
            (hospital_id, subject_type, subject_id, occurred_at desc, position desc)`.execute(db);
  await sql`create index audit_events_search on audit_events using gin (search_text gin_trgm_ops)`.execute(db);

  await sql`
    create table audit_chain_heads (
      hospital_id text primary key,
      seq bigint not null,
      hash text not null
    )`.execute(db);
  await sql`
    create table audit_subjects (
      hospital_id text not null,
      kind text not null,
      id text not null,
      first_name text,
      last_name text,
      primary key (hospital_id, kind, id)
    )`.execute(db);
  // Everyone who appears in a hospital's trail, for the actor filter.
  await sql`
    create table audit_actors (
      hospital_id text not null,
      actor_id text not null,
      name text not null,
      role text not null,
      primary key (hospital_id, actor_id)
    )`.execute(db);
  await sql`
    create table audit_cursor (
      id smallint primary key default 1 check (id = 1),
      feed_tx text not null,
      has_primary boolean not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_cursor, audit_actors, audit_subjects, audit_chain_heads, audit_events`.execute(db);
}
