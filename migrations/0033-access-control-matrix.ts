import { sql, type Kysely } from 'kysely';

/** Each hospital's access matrix as last saved; a hospital without a row has the defaults. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table access_matrix (
      hospital_id text primary key,
      matrix jsonb not null,
      version integer not null,
      updated_at timestamptz not null,
      updated_by text not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table access_matrix`.execute(db);
}
