import { sql, type Kysely } from 'kysely';

/** One row per projection: the global position (two parts) of the last event it applied. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table projection_checkpoints (
      name text primary key,
      position_major numeric(20, 0) not null,
      position_minor numeric(20, 0) not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table projection_checkpoints`.execute(db);
}
