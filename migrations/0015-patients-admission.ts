import { sql, type Kysely } from 'kysely';

/** The patient's current admission (ward, reason, when and by whom), null when not admitted. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table patients_list add column admission jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table patients_list drop column admission`.execute(db);
}
