import { csvCell } from '../../../platform/http/csv';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import { offlineOrigin } from '../offline-note';

/** The audit trail's query functions: pages newest first by keyset, the CSV rows, one entry. */

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
  if (f.from) q = q.where('occurred_at', '>=', f.from);
  if (f.to) q = q.where('occurred_at', '<=', f.to);
  if (f.actorId) q = q.where('actor_id', '=', f.actorId);
  if (f.role) q = q.where('actor_role', '=', f.role);
  if (f.action) q = q.where('event_type', '=', f.action);
  if (f.subjectType) q = q.where('subject_type', '=', f.subjectType);
  if (f.subjectId) q = q.where('subject_id', '=', f.subjectId);
  if (f.outcome) q = q.where('outcome', '=', f.outcome);
  const text = f.q?.trim().toLowerCase();
  if (text) q = q.where('search_text', 'like', `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return q;
}

function after<O>(q: SelectQueryBuilder<Database, 'audit_events', O>, cursor: Cursor | null) {
  return cursor
    ? q.where(sql<boolean>`(occurred_at, position) < (${cursor.at}::timestamptz, ${cursor.position}::bigint)`)
    : q;
}

/** The query of a page: `limit` entries newest first (exported for its plan's test). */
export function trailPageQuery(db: Db, hospitalId: string, f: TrailFilters, cursor: Cursor | null, limit: number) {
  return after(filtered(db, hospitalId, f), cursor)
    .select(ENTRY_COLUMNS)
    .orderBy('occurred_at', 'desc')
    .orderBy('position', 'desc')
    .limit(limit);
}

/** One page, newest first, and the cursor of the next page (null when this is the last). */
export async function trailPage(db: Db, hospitalId: string, f: TrailFilters, cursor: Cursor | null, limit: number) {
  const rows = await trailPageQuery(db, hospitalId, f, cursor, limit + 1).execute();
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeCursor({ at: new Date(last.occurred_at).toISOString(), position: last.position })
      : null;
  return { entries: page.map(toEntry), nextCursor };
}

/** Every matching entry, newest first, read in keyset chunks so memory stays flat however many there are. */
export async function* trailRows(db: Db, hospitalId: string, f: TrailFilters, chunk = 2000) {
  let cursor: Cursor | null = null;
  for (;;) {
    const rows: EntryRow[] = await after(filtered(db, hospitalId, f), cursor)
      .select(ENTRY_COLUMNS)
      .orderBy('occurred_at', 'desc')
      .orderBy('position', 'desc')
      .limit(chunk)
      .execute();
    if (rows.length === 0) return;
    yield rows.map(toEntry);
    const last: EntryRow = rows[rows.length - 1]!;
    cursor = { at: new Date(last.occurred_at).toISOString(), position: last.position };
    if (rows.length < chunk) return;
  }
}

/** One entry with its event's data (credentials left out) and its place in the chain. */
export async function trailEntry(db: Db, hospitalId: string, eventId: string) {
  const row = await db
    .selectFrom('audit_events')
    .selectAll()
    .where('hospital_id', '=', hospitalId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  if (!row) return null;
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
