import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 §2, the rest of the audit tables append-only (0042 did `audit_events` and
 * `audit_patient_views`):
 *
 * - `audit_chain_heads` keeps a row per head the chain reached (hospital, seq, hash) instead of one
 *   row per hospital updated in place; the head is the hospital's highest seq. Not derived from
 *   `audit_events` itself: a rebuild drops that table's chain index (deferred-indexes.ts), and every
 *   page would then scan the whole trail for its head.
 * - `audit_report_exports` becomes the ledger of who asked for an access report and when, one row
 *   per request. The prepared file, its state and the patients it names move to
 *   `access_report_files`, a cache the app updates and purges: a file that names patients must be
 *   gone within the hour, which an append-only table cannot do.
 *
 * Both refuse UPDATE, DELETE and TRUNCATE with 0042's trigger; the app's role has INSERT and
 * SELECT only (app-role.ts).
 */
const TABLES = ['audit_chain_heads', 'audit_report_exports'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_chain_heads drop constraint audit_chain_heads_pkey`.execute(db);
  await sql`alter table audit_chain_heads add primary key (hospital_id, seq)`.execute(db);

  await sql`alter table audit_report_exports rename to access_report_files`.execute(db);
  await sql`alter index audit_report_exports_pkey rename to access_report_files_pkey`.execute(db);
  await sql`alter index audit_report_exports_requester rename to access_report_files_requester`.execute(db);
  await sql`alter index audit_report_exports_age rename to access_report_files_age`.execute(db);
  await sql`create table audit_report_exports (
    id text primary key,
    hospital_id text not null,
    requested_by text not null,
    requested_at timestamptz not null default now()
  )`.execute(db);
  await sql`insert into audit_report_exports (id, hospital_id, requested_by, requested_at)
            select id, hospital_id, requested_by, requested_at from access_report_files`.execute(db);

  for (const table of TABLES) {
    await sql`create trigger ${sql.raw(`${table}_no_update_delete`)} before update or delete on ${sql.table(table)}
              for each row execute function hms_audit_append_only()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
              for each statement execute function hms_audit_append_only()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await sql`drop trigger ${sql.raw(`${table}_no_truncate`)} on ${sql.table(table)}`.execute(db);
    await sql`drop trigger ${sql.raw(`${table}_no_update_delete`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop table audit_report_exports`.execute(db);
  await sql`alter index access_report_files_age rename to audit_report_exports_age`.execute(db);
  await sql`alter index access_report_files_requester rename to audit_report_exports_requester`.execute(db);
  await sql`alter index access_report_files_pkey rename to audit_report_exports_pkey`.execute(db);
  await sql`alter table access_report_files rename to audit_report_exports`.execute(db);
  await sql`delete from audit_chain_heads h where seq < (select max(seq) from audit_chain_heads m
            where m.hospital_id = h.hospital_id)`.execute(db);
  await sql`alter table audit_chain_heads drop constraint audit_chain_heads_pkey`.execute(db);
  await sql`alter table audit_chain_heads add primary key (hospital_id)`.execute(db);
}
