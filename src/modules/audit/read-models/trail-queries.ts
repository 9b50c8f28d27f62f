import { csvCell } from '../../../platform/http/csv';
import { sql, type CompiledQuery, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import { offlineOrigin } from '../offline-note';

/**
 * The audit trail's query functions: pages newest first by keyset, the CSV rows, one entry. The trail
 * is two tables: `audit_events` (every change, every refusal, and the reads recorded as events before
 * the access log) and `audit_reads` (the access log, migration 0050). Positions come from one
 * sequence, so (time, position) orders and pages both as one.
 */

export type TrailFilters = {
  from?: Date;
  to?: Date;
  actorId?: string;
  role?: string;
  action?: string;
  subjectType?: string;
  subjectId?: string;
  outcome?: string;
  q?: string;
  /** 'changes': everything but reads (the screen's default); 'reads': the reads alone. Absent: all. */
  kind?: 'changes' | 'reads';
};

/** The event type of a read of records (a list, a record, a report). */
export const READ_TYPE = 'RecordAccessed';

/** Where a page ended: the last row's time and position, opaque to clients. */
export type Cursor = { at: string; position: string };

export function encodeCursor(c: Cursor): string {
  return Buffer.from(`${c.at}|${c.position}`).toString('base64url');
}

export function decodeCursor(text: string): Cursor | null {
  const [at, position] = Buffer.from(text, 'base64url').toString().split('|');
  if (!at || !position || !/^\d{1,19}$/.test(position) || Number.isNaN(Date.parse(at))) return null;
  return { at, position };
}

const ENTRY_COLUMNS = [
  'position',
  'event_id',
  'event_type',
  'occurred_at',
  'actor_id',
  'actor_name',
  'actor_role',
  'action',
  'subject_type',
  'subject_id',
  'outcome',
  'ip',
  'request_id',
  'device_id',
  'device_time',
] as const;

type EntryRow = Pick<Database['audit_events'], (typeof ENTRY_COLUMNS)[number]>;

export function toEntry(r: EntryRow) {
  return {
    id: r.event_id,
    time: new Date(r.occurred_at).toISOString(),
    actor: { id: r.actor_id, name: r.actor_name, role: r.actor_role },
    action: r.action,
    eventType: r.event_type,
    subject: r.subject_type ? { type: r.subject_type, id: r.subject_id } : null,
    outcome: r.outcome,
    ip: r.ip,
    requestId: r.request_id,
    offline: offlineOrigin(r),
  };
}
export type TrailEntry = ReturnType<typeof toEntry>;

function filtered(db: Db, hospitalId: string, f: TrailFilters) {
  // A literal, not a parameter: the indexes for these reads are partial (`where primary_entry`), and
  // only a literal lets a plan made without the values (a prepared statement's) prove it uses them.
  // An action filter finds every event of its type, also one that rode in another command's commit
  // (a status change a consultation or lab results made): no `primary_entry` then (issue 34).
  let q = db.selectFrom('audit_events').where('hospital_id', '=', hospitalId);
  if (!f.action) q = q.where('primary_entry', '=', sql.lit(true));
  if (f.kind === 'changes') q = q.where('event_type', '!=', READ_TYPE);
  if (f.kind === 'reads') q = q.where('event_type', '=', READ_TYPE);
  q = sharedFilters(q, f);
  if (f.action) q = q.where('event_type', '=', f.action);
  if (f.outcome) q = q.where('outcome', '=', f.outcome);
  const text = likeText(f.q);
  if (text) q = q.where('search_text', 'like', text);
  return q;
}

/** The filters the trail's entries and the access log's rows answer alike: the window, the person, the subject. */
function sharedFilters<T extends 'audit_events' | 'audit_reads', O>(
  q: SelectQueryBuilder<Database, T, O>,
  f: TrailFilters,
) {
  const column = (name: 'occurred_at' | 'actor_id' | 'actor_role' | 'subject_type' | 'subject_id') => sql.ref(name);
  if (f.from) q = q.where(column('occurred_at'), '>=', f.from);
  if (f.to) q = q.where(column('occurred_at'), '<=', f.to);
  if (f.actorId) q = q.where(column('actor_id'), '=', f.actorId);
  if (f.role) q = q.where(column('actor_role'), '=', f.role);
  if (f.subjectType) q = q.where(column('subject_type'), '=', f.subjectType);
  if (f.subjectId) q = q.where(column('subject_id'), '=', f.subjectId);
  return q;
}

/** A search's words as a `like` pattern (lower-cased, its wildcards escaped), or null for none. */
function likeText(q: string | undefined): string | null {
  const text = q?.trim().toLowerCase();
  return text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
}

/**
 * The access log's rows the filters keep, or null when they can keep none: a read is a
 * `RecordAccessed` that succeeded, and the changes (the screen's default) never look at the table.
 * Its search is over the same words as an event's `search_text`, without an index: a search walks
 * the hospital's newest rows by time and stops at the page's end.
 */
function readsFiltered(db: Db, hospitalId: string, f: TrailFilters) {
  if (f.kind === 'changes' || (f.action && f.action !== READ_TYPE) || (f.outcome && f.outcome !== 'success')) {
    return null;
  }
  let q = sharedFilters(db.selectFrom('audit_reads').where('hospital_id', '=', hospitalId), f);
  const text = likeText(f.q);
  if (text)
    q = q.where(sql<string>`lower(action || ' ' || actor_name || ' ' || coalesce(subject_id, ''))`, 'like', text);
  return q;
}

/** An access log row as a trail entry's columns: a read that succeeded, never queued offline. */
const READ_ENTRY_COLUMNS = [
  'position',
  'event_id',
  sql<string>`${sql.lit(READ_TYPE)}`.as('event_type'),
  'occurred_at',
  'actor_id',
  'actor_name',
  'actor_role',
  'action',
  'subject_type',
  'subject_id',
  sql<string>`'success'`.as('outcome'),
  'ip',
  'request_id',
  sql<string | null>`null::text`.as('device_id'),
  sql<Date | null>`null::timestamptz`.as('device_time'),
] as const;

/** The entries after the cursor's, in (time, position) order: the same test on either table. */
const after = (cursor: Cursor) =>
  sql<boolean>`(occurred_at, position) < (${cursor.at}::timestamptz, ${cursor.position}::bigint)`;

/**
 * The query of a page: `limit` entries newest first (exported for its plan's test). Each table gives
 * its own newest `limit` after the cursor, by its own index, and the page is the newest of those.
 */
export function trailPageQuery(
  db: Db,
  hospitalId: string,
  f: TrailFilters,
  cursor: Cursor | null,
  limit: number,
): { execute(): Promise<EntryRow[]>; compile(): CompiledQuery<EntryRow> } {
  const changes = filtered(db, hospitalId, f)
    .$if(cursor !== null, (q) => q.where(after(cursor!)))
    .select(ENTRY_COLUMNS)
    .orderBy('occurred_at', 'desc')
    .orderBy('position', 'desc')
    .limit(limit);
  const logged = readsFiltered(db, hospitalId, f);
  if (!logged) return changes;
  const reads = logged
    .$if(cursor !== null, (q) => q.where(after(cursor!)))
    .select(READ_ENTRY_COLUMNS)
    .orderBy('occurred_at', 'desc')
    .orderBy('position', 'desc')
    .limit(limit);
  const both = db
    .selectFrom(changes.as('e'))
    .selectAll()
    .unionAll(db.selectFrom(reads.as('r')).selectAll().$castTo<EntryRow>());
  return db
    .selectFrom(both.as('t'))
    .selectAll()
    .orderBy('t.occurred_at', 'desc')
    .orderBy('t.position', 'desc')
    .limit(limit);
}

const cursorOf = (last: EntryRow): Cursor => ({
  at: new Date(last.occurred_at).toISOString(),
  position: last.position,
});

/** One page, newest first, and the cursor of the next page (null when this is the last). */
export async function trailPage(db: Db, hospitalId: string, f: TrailFilters, cursor: Cursor | null, limit: number) {
  const rows = await trailPageQuery(db, hospitalId, f, cursor, limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = rows.length > limit && last ? encodeCursor(cursorOf(last)) : null;
  return { entries: page.map(toEntry), nextCursor };
}

/** Every matching entry, newest first, read in keyset chunks so memory stays flat however many there are. */
export async function* trailRows(db: Db, hospitalId: string, f: TrailFilters, chunk = 2000) {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows: EntryRow[] = await trailPageQuery(db, hospitalId, f, cursor, chunk).execute();
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    cursor = cursorOf(rows[rows.length - 1]!);
    if (rows.length < chunk) return;
  }
}

/**
 * One entry with its event's data (credentials left out) and its place in the chain. A read of the
 * access log has no stream and no place in the chain of its own: the `ReadsSealed` entry that
 * covers it is in the chain, and its request stands for its correlation and causation.
 */
export async function trailEntry(db: Db, hospitalId: string, eventId: string) {
  const row = await db
    .selectFrom('audit_events')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) return readEntry(db, hospitalId, eventId);
  return {
    ...toEntry(row),
    stream: row.stream_id,
    revision: Number(row.stream_revision),
    correlationId: row.correlation_id,
    causationId: row.causation_id,
    chain: row.seq ? { seq: Number(row.seq), hash: row.hash } : null,
    data: row.data,
  };
}

async function readEntry(db: Db, hospitalId: string, eventId: string) {
  const row = await db
    .selectFrom('audit_reads')
    .select([...READ_ENTRY_COLUMNS, 'data', 'patient_ids'])
    .where('hospital_id', '=', hospitalId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...toEntry(row),
    // Not an event: no stream of its own, and its place in the chain is its seal's (read-seal.ts).
    stream: null,
    revision: null,
    correlationId: row.request_id,
    causationId: row.request_id,
    chain: null,
    accessLog: true as const,
    // The patients it showed, kept in their column (access-log.ts), shown with the rest of the read.
    data: row.patient_ids.length ? { ...row.data, patientIds: row.patient_ids } : row.data,
  };
}

export const TRAIL_CSV_HEADER = [
  'time',
  'actor_id',
  'actor_name',
  'actor_role',
  'action',
  'event_type',
  'subject_type',
  'subject_id',
  'outcome',
  'ip',
  'request_id',
  'event_id',
];

export function trailCsvLine(e: TrailEntry): string {
  return [
    e.time,
    e.actor.id,
    e.actor.name,
    e.actor.role,
    e.action,
    e.eventType,
    e.subject?.type,
    e.subject?.id,
    e.outcome,
    e.ip,
    e.requestId,
    e.id,
  ]
    .map(csvCell)
    .join(',');
}
