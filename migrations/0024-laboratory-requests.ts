import { sql, type Kysely } from 'kysely';

/** The laboratory's queue: one row per requested test, with its results once recorded. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table lab_requests (
      lab_request_id text primary key,
      hospital_id text not null,
      consultation_id text not null,
      patient_id text not null,
      patient_name text not null,
      ordered_by_id text not null,
      ordered_by_name text not null,
      test_name text not null,
      test_code text not null,
      urgency text not null,
      urgency_rank smallint not null,
      instructions text,
      status text not null,
      ordered_at timestamptz not null,
      started_at timestamptz,
      started_by text,
      completed_at timestamptz,
      completed_on text,
      results jsonb,
      notes text,
      conducted_by text,
      updated_at timestamptz not null,
      version integer not null
    )`.execute(db);
  // The queue: one status of one hospital, STAT first, oldest first.
  await sql`create index lab_requests_queue on lab_requests (hospital_id, status, urgency_rank, ordered_at)`.execute(
    db,
  );
  await sql`create index lab_requests_recent on lab_requests (hospital_id, updated_at desc)`.execute(db);
  await sql`create index lab_requests_consultation on lab_requests (consultation_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table lab_requests`.execute(db);
}
