import { sql, type Kysely } from 'kysely';

/**
 * The trail's text search only ever looks at a commit's shown entry (`primary_entry`: every reader
 * of the trail filters on it), so its trigram index holds those rows alone. The other rows (a
 * registration's reservations, a payment's receipt number, the low-priority rows of a consultation's
 * commit) were never found through it, yet each cost its trigrams at every insert and in the
 * rebuild's build of the index, the single biggest statement of a full rebuild. A definition a
 * rebuild left for later (projection_deferred_indexes) would bring the old one back: it goes too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from projection_deferred_indexes where name = 'audit_events_search'`.execute(db);
  await sql`drop index if exists audit_events_search`.execute(db);
  await sql`create index audit_events_search on audit_events using gin (search_text gin_trgm_ops)
            where primary_entry`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from projection_deferred_indexes where name = 'audit_events_search'`.execute(db);
  await sql`drop index if exists audit_events_search`.execute(db);
  await sql`create index audit_events_search on audit_events using gin (search_text gin_trgm_ops)`.execute(db);
}
