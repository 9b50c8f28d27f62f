import { sql, type Kysely } from 'kysely';

/**
 * Issue 33 §2: what the trail and the access report show is append-only too. A trigger refuses
 * UPDATE, DELETE and TRUNCATE on `audit_events` and `audit_patient_views`, as on `events`, and the
 * app's role is not granted them (app-role.ts). A rebuild of the audit projection empties them as
 * the owner, with the triggers disabled for that statement only (ALTER TABLE needs the owner).
 */
const TABLES = ['audit_events', 'audit_patient_views'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function hms_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
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
  await sql`drop function hms_audit_append_only()`.execute(db);
}
