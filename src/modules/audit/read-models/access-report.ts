import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';

/**
 * For a breach notice: who touched which patients in a window (reads, writes and refusals), one
 * row per person and patient, busiest first; clinical work on a patient (a consultation, a dispensing,
 * a lab result) counts as a write on that patient, and a list, search, queue or report that showed
 * the patient counts as a read (`audit_patient_views`, and the access log's `audit_reads` since
 * migration 0050). Narrowed to one person or one patient when asked.
 */
export type AccessReportQuery = { from?: Date; to?: Date; actorId?: string; patientId?: string };

/**
 * Every entry about a patient, once per patient it concerns: the record it names, or a list it showed.
 * Its text columns compare byte by byte (`collate "C"`): the report groups, orders and takes the
 * largest name over ids and names, and under the database's own collation (C.UTF-8, a libc one)
 * every one of a busy hour's 28,000 touches and 17,000 groups went through strcoll. For ids and
 * names alike the order is the code points' either way.
 */
function touches(db: Db, hospitalId: string, q: AccessReportQuery) {
  const actor = [
    sql<string>`a.actor_id collate "C"`.as('actor_id'),
    sql<string>`a.actor_name collate "C"`.as('actor_name'),
    sql<string>`a.actor_role collate "C"`.as('actor_role'),
  ] as const;
  const columns = [...actor, 'a.event_type', 'a.occurred_at'] as const;
  let direct = db
    .selectFrom('audit_events as a')
    .select([...columns, sql<string>`a.patient_id collate "C"`.as('patient_id')])
    .where('a.hospital_id', '=', hospitalId)
    .where('a.patient_id', 'is not', null)
    .where('a.primary_entry', '=', true);
  // A view carries its entry's columns (migration 0030): the window is a range of its own index,
  // as the entries naming a patient are of theirs (migration 0039). One view per read holds every
  // patient it showed (migration 0046): each of them is a touch of its own.
  let listed = db
    .selectFrom('audit_patient_views as a')
    .innerJoinLateral(sql<{ id: string }>`(select unnest(a.patient_ids) as id)`.as('p'), (join) => join.onTrue())
    .select([...columns, sql<string>`p.id collate "C"`.as('patient_id')])
    .where('a.hospital_id', '=', hospitalId)
    .where('a.primary_entry', '=', true);
  // The access log (migration 0050): one row per read with every patient it showed, the record's
  // own too; its window is a range of its (hospital, time) index, its patient one of its GIN index.
  let logged = db
    .selectFrom('audit_reads as a')
    .innerJoinLateral(sql<{ id: string }>`(select unnest(a.patient_ids) as id)`.as('p'), (join) => join.onTrue())
    .select([
      ...actor,
      sql<string>`'RecordAccessed'`.as('event_type'),
      'a.occurred_at',
      sql<string>`p.id collate "C"`.as('patient_id'),
    ])
    .where('a.hospital_id', '=', hospitalId);
  if (q.from) {
    direct = direct.where('a.occurred_at', '>=', q.from);
    listed = listed.where('a.occurred_at', '>=', q.from);
    logged = logged.where('a.occurred_at', '>=', q.from);
  }
  if (q.to) {
    direct = direct.where('a.occurred_at', '<=', q.to);
    listed = listed.where('a.occurred_at', '<=', q.to);
    logged = logged.where('a.occurred_at', '<=', q.to);
  }
  if (q.actorId) {
    direct = direct.where('a.actor_id', '=', q.actorId);
    listed = listed.where('a.actor_id', '=', q.actorId);
    logged = logged.where('a.actor_id', '=', q.actorId);
  }
  if (q.patientId) {
    direct = direct.where('a.patient_id', '=', q.patientId);
    // The reads that showed the patient, by the GIN index; then the patient's own touch of each.
    const shown = sql<boolean>`a.patient_ids @> array[${q.patientId}]::text[]`;
    const own = sql<boolean>`p.id = ${q.patientId}`;
    listed = listed.where(shown).where(own);
    logged = logged.where(shown).where(own);
  }
  return direct.unionAll(listed).unionAll(logged);
}

/**
 * The names of the patients the rows report, each looked up once: a day's 10,000 rows name a few
 * hundred patients, and a look-up per row (a subquery) was a fifth of the report's time. By the
 * ids themselves, never a join the planner could turn into a loop over every patient of the
 * hospital for every row (statistics lagging a busy day made one take 23 s for 6,600 rows).
 */
async function patientNames(db: Db, hospitalId: string, rows: readonly { patient_id: string }[]) {
  const ids = [...new Set(rows.map((r) => r.patient_id))];
  if (ids.length === 0) return new Map<string, string>();
  const found = await db
    .selectFrom('audit_subjects as s')
    .select(['s.id', sql<string>`coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')`.as('name')])
    .where('s.hospital_id', '=', hospitalId)
    .where('s.kind', '=', 'patient')
    .where(sql<boolean>`s.id = any(${ids}::text[])`)
    .execute();
  return new Map(found.map((s) => [s.id, s.name]));
}

/** An instant as `Date.prototype.toISOString` writes it (UTC, milliseconds, `Z`). */
const iso = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The report's rows as PostgreSQL sends them, busiest first (then by person and patient, so rows
 * of equal counts come in one order), with each patient's name. The instants come as text in
 * `toISOString`'s form and the counts as text: node-postgres parsing 20,000 timestamps into Dates
 * (only to write them back as text) was the largest part of a 10,000-row report's time in Node.
 */
export async function accessReportRows(db: Db, hospitalId: string, q: AccessReportQuery, limit = 10_000) {
  const grouped = db
    .selectFrom(touches(db, hospitalId, q).as('a'))
    .select([
      'a.actor_id',
      'a.patient_id',
      sql<string>`max(a.actor_name)`.as('actor_name'),
      sql<string>`max(a.actor_role)`.as('actor_role'),
      sql<string>`count(*)`.as('total'),
      sql<string>`count(*) filter (where a.event_type = 'RecordAccessed')`.as('reads'),
      sql<string>`count(*) filter (where a.event_type = 'AccessRefused')`.as('refusals'),
      sql<Date>`min(a.occurred_at)`.as('first_at'),
      sql<Date>`max(a.occurred_at)`.as('last_at'),
    ])
    .groupBy(['a.actor_id', 'a.patient_id'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('a.actor_id')
    .orderBy('a.patient_id')
    .limit(limit);
  // Written as text after the limit: the 10,000 rows kept, not the 17,000 groups sorted.
  const rows = await db
    .selectFrom(grouped.as('r'))
    .select([
      'r.actor_id',
      'r.patient_id',
      'r.actor_name',
      'r.actor_role',
      'r.total',
      'r.reads',
      'r.refusals',
      iso('r.first_at').as('first_at'),
      iso('r.last_at').as('last_at'),
    ])
    // The grouped rows' own order, which PostgreSQL keeps without sorting them again.
    .orderBy('r.total', 'desc')
    .orderBy('r.actor_id')
    .orderBy('r.patient_id')
    .execute();
  return { rows, names: await patientNames(db, hospitalId, rows) };
}
export type AccessReportRows = Awaited<ReturnType<typeof accessReportRows>>;

/** The patient's name as the report shows it: none when the trail does not know the patient. */
export const patientNameOf = (names: AccessReportRows['names'], patientId: string) =>
  names.get(patientId)?.trim() || null;

export async function accessReport(db: Db, hospitalId: string, q: AccessReportQuery, limit = 10_000) {
  const { rows, names } = await accessReportRows(db, hospitalId, q, limit);
  return rows.map((r) => {
    const total = Number(r.total);
    const reads = Number(r.reads);
    const refusals = Number(r.refusals);
    return {
      actor: { id: r.actor_id, name: r.actor_name, role: r.actor_role },
      patient: { id: r.patient_id, name: patientNameOf(names, r.patient_id) },
      accesses: total,
      reads,
      writes: total - reads - refusals,
      refusals,
      firstAccess: r.first_at,
      lastAccess: r.last_at,
    };
  });
}
export type AccessReportRow = Awaited<ReturnType<typeof accessReport>>[number];
