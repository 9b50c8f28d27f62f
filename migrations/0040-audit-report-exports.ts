import { sql, type Kysely } from 'kysely';

/**
 * The access report prepared in the background (issue 23, item 5): a busy hour's report groups
 * tens of thousands of touches into a 10,000-row file, too much for the request that asks for it.
 * A row holds one person's request, its state and, once ready, the file and the patients it names
 * (for the download's access entry). Rows live an hour; the app deletes older ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table audit_report_exports (
    id text primary key,
    hospital_id text not null,
    requested_by text not null,
    status text not null check (status in ('preparing', 'ready', 'failed')),
    row_count integer,
    patient_ids text[],
    csv text,
    requested_at timestamptz not null default now(),
    finished_at timestamptz
  )`.execute(db);
  await sql`create index audit_report_exports_requester
            on audit_report_exports (hospital_id, requested_by, requested_at desc)`.execute(db);
  await sql`create index audit_report_exports_age on audit_report_exports (requested_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_report_exports`.execute(db);
}
