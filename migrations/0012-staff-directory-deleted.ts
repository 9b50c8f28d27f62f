import { sql, type Kysely } from 'kysely';

/** Deleted members keep their directory row (flagged), so notifications and history can still name them. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table staff_directory add column deleted boolean not null default false`.execute(db);
  await sql`drop index staff_directory_hospital`.execute(db);
  await sql`create index staff_directory_hospital on staff_directory (hospital_id, created_at desc) where not deleted`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from staff_directory where deleted`.execute(db);
  await sql`alter table staff_directory drop column deleted`.execute(db);
}
