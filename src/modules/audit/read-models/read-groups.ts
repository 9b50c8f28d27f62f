import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { READ_TYPE, type TrailFilters } from './trail-queries';

/**
 * The reads of the trail, grouped for a reviewer (issue 34 §4): one row per person and screen
 * (the kind of record and what of it was read: "the patient list") per 10-minute window, with how
 * many times, how many distinct patients and the first and last time. A screen that polls (the
 * bell's notification list) is one row per window, however often it asked. Every read stays an
 * entry of its own in the trail, its CSV and the access report; this only folds them for reading.
 */

export const GROUP_MINUTES = 10;
/** About how many reads one page folds; the oldest window it reaches is always folded whole. */
export const READS_PER_PAGE = 5000;

export type ReadGroup = {
  actor: { id: string; name: string; role: string };
  subjectType: string;
  what: string;
  /** A list (a list, a search, a report) rather than one record at a time. */
  list: boolean;
  times: number;
  patients: number;
  firstAt: string;
  lastAt: string;
  summary: string;
};

type GroupFilters = Pick<TrailFilters, 'from' | 'to' | 'actorId' | 'role' | 'subjectType'>;

/**
 * The reads the filters keep, in both of the trail's tables: the reads recorded as events before
 * the access log (`audit_events`) and the access log's rows (`audit_reads`, migration 0050). The
 * same conditions on each, so each is a range of its own (hospital, time) index.
 */
function readsOf(db: Db, hospitalId: string, f: GroupFilters, before: Date | null) {
  const conditions = [
    f.from && sql<boolean>`occurred_at >= ${f.from}`,
    f.to && sql<boolean>`occurred_at <= ${f.to}`,
    before && sql<boolean>`occurred_at < ${before}`,
    f.actorId && sql<boolean>`actor_id = ${f.actorId}`,
    f.role && sql<boolean>`actor_role = ${f.role}`,
    f.subjectType && sql<boolean>`subject_type = ${f.subjectType}`,
  ].filter((c) => !!c);
  let events = db.selectFrom('audit_events').where('hospital_id', '=', hospitalId).where('event_type', '=', READ_TYPE);
  let logged = db.selectFrom('audit_reads').where('hospital_id', '=', hospitalId);
  for (const c of conditions) {
    events = events.where(c);
    logged = logged.where(c);
  }
  return { events, logged };
}

async function anyRead(q: ReturnType<typeof readsOf>): Promise<boolean> {
  const [event, logged] = await Promise.all([
    q.events.select('position').limit(1).executeTakeFirst(),
    q.logged.select('position').limit(1).executeTakeFirst(),
  ]);
  return event !== undefined || logged !== undefined;
}

const binStart = (at: Date) => {
  const ms = GROUP_MINUTES * 60_000;
  return new Date(Math.floor(at.getTime() / ms) * ms);
};

/**
 * "Viewed the patient list 6 times, 14 patients"; the times are the screen's to show in its zone. A
 * route whose read is the record itself (subject 'invoice', what 'invoice') names it once.
 */
export function groupSummary(g: Pick<ReadGroup, 'subjectType' | 'what' | 'list' | 'times' | 'patients'>): string {
  const named = g.what === g.subjectType ? g.subjectType : `${g.subjectType} ${g.what}`.trim();
  const screen = g.list ? `the ${named}` : named;
  const times = g.times === 1 ? 'once' : `${g.times} times`;
  const patients = g.patients ? `, ${g.patients} patient${g.patients === 1 ? '' : 's'}` : '';
  return `Viewed ${screen} ${times}${patients}`;
}

/**
 * One page of groups, newest first. `before` (the cursor) is the start of a window: the page folds
 * the windows that hold the newest READS_PER_PAGE reads before it, each window whole, and the next
 * page starts at the oldest window's start.
 */
export async function readGroups(
  db: Db,
  hospitalId: string,
  f: GroupFilters,
  before: Date | null,
  perPage = READS_PER_PAGE,
): Promise<{ groups: ReadGroup[]; nextCursor: string | null }> {
  // The perPage-th newest read of the two tables: each one's newest perPage, then the last of those.
  const newest = (q: ReturnType<typeof readsOf>) =>
    db
      .selectFrom(q.events.select('occurred_at').orderBy('occurred_at', 'desc').limit(perPage).as('e'))
      .selectAll()
      .unionAll(
        db.selectFrom(q.logged.select('occurred_at').orderBy('occurred_at', 'desc').limit(perPage).as('r')).selectAll(),
      );
  const reach = await db
    .selectFrom(newest(readsOf(db, hospitalId, f, before)).as('n'))
    .select('n.occurred_at')
    .orderBy('n.occurred_at', 'desc')
    .offset(perPage - 1)
    .limit(1)
    .executeTakeFirst();
  const from = reach ? binStart(new Date(reach.occurred_at)) : null;
  const seconds = sql.lit(GROUP_MINUTES * 60);
  const bin = sql<Date>`to_timestamp(floor(extract(epoch from occurred_at) / ${seconds}) * ${seconds})`.as('bin');
  const window = readsOf(db, hospitalId, f, before);
  const since = sql<boolean>`occurred_at >= ${from}`;
  // What both kinds of read give a group: who, when, which screen, and its window of time.
  const who = ['position', 'actor_id', 'actor_name', 'actor_role', 'occurred_at'] as const;
  const screen = [
    sql<string>`coalesce(subject_type, '')`.as('subject_type'),
    sql<string>`coalesce(data->>'what', '')`.as('what'),
    sql<boolean>`subject_id is null`.as('list'),
    bin,
  ];
  const oldReads = window.events
    .$if(from !== null, (q) => q.where(since))
    .select(who)
    .select([
      ...screen,
      // The patients it showed: a record read's patient, and every patient of a list read.
      sql<string[]>`case when jsonb_typeof(data->'patientIds') = 'array'
                         then array(select jsonb_array_elements_text(data->'patientIds'))
                         else array[]::text[] end
                    || case when subject_type = 'patient' and subject_id is not null then array[subject_id] else array[]::text[] end`.as(
        'patient_ids',
      ),
    ]);
  // An access log row holds every patient it showed, the record's own too.
  const loggedReads = window.logged
    .$if(from !== null, (q) => q.where(since))
    .select(who)
    .select([...screen, 'patient_ids']);
  const reads = oldReads.unionAll(loggedReads);
  const { rows } = await sql<{
    actor_id: string;
    actor_name: string;
    actor_role: string;
    subject_type: string;
    what: string;
    list: boolean;
    times: string;
    patients: string;
    first_at: Date;
    last_at: Date;
  }>`
    select r.actor_id, max(r.actor_name) as actor_name, max(r.actor_role) as actor_role, r.subject_type, r.what,
           bool_or(r.list) as list, count(distinct r.position) as times, min(r.occurred_at) as first_at,
           max(r.occurred_at) as last_at, count(distinct p.id) as patients
      from (${reads}) r
      left join lateral unnest(r.patient_ids) as p(id) on true
     group by r.actor_id, r.subject_type, r.what, r.bin
     order by max(r.occurred_at) desc`.execute(db);
  const older = from !== null && (await anyRead(readsOf(db, hospitalId, f, from)));
  const groups = rows.map((r) => {
    const g = {
      actor: { id: r.actor_id, name: String(r.actor_name), role: String(r.actor_role) },
      subjectType: r.subject_type,
      what: r.what,
      list: Boolean(r.list),
      times: Number(r.times),
      patients: Number(r.patients),
      firstAt: new Date(r.first_at).toISOString(),
      lastAt: new Date(r.last_at).toISOString(),
    };
    return { ...g, summary: groupSummary(g) };
  });
  return { groups, nextCursor: older ? from!.toISOString() : null };
}
