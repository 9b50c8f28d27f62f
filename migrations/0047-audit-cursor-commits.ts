import { sql, type Kysely } from 'kysely';

/**
 * Issue 34 §5: the trail's entry is one per commit, and a group commit's transaction holds many
 * commits (concurrent requests' appends, list reads above all). A page of the feed can end inside
 * such a transaction, so the cursor keeps which of its commits already have their entry
 * (`primary_commits`, by correlation id), not only whether the transaction has one. A cursor
 * written before this (null) still says it of the whole transaction, as it meant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_cursor add column primary_commits text[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_cursor drop column primary_commits`.execute(db);
}
