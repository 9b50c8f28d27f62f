import { sql, type Kysely } from 'kysely';

/**
 * The answer a request with an Idempotency-Key got, so a resend of that key gets it again (status
 * and body as sent). The key itself is reserved by an event in the command's own commit; this row
 * is written once that answer is known.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table idempotency_answers (
      hospital_id text not null,
      key text not null,
      fingerprint text not null,
      status_code integer not null,
      body text not null,
      recorded_at timestamptz not null default now(),
      primary key (hospital_id, key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table idempotency_answers`.execute(db);
}
