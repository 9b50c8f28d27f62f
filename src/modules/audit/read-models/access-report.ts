import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';

/**
 * For a breach notice: who touched which patients in a window (reads, writes and refusals), one
 * row per person and patient, busiest first; clinical work on a patient (a consultation, a dispensing,
 * a lab result) counts as a write on that patient, and a list, search, queue or report that showed
 * the patient counts as a read (`audit_patient_views`). Narrowed to one person or one patient when asked.
 */
export type AccessReportQuery = { from?: Date; to?: Date; actorId?: string; patientId?: string };

/** Every entry about a patient, once per patient it concerns: the record it names, or a list it showed. */
function touches(db: Db, hospitalId: string, q: AccessReportQuery) {
  const columns = ['a.actor_id', 'a.actor_name', 'a.actor_role', 'a.event_type', 'a.occurred_at'] as const;
  let direct = db
    .selectFrom('audit_events as a')
    .select([...columns, sql<string>`a.patient_id`.as('patient_id')])
    .where('a.hospital_id', '=', hospitalId)
    .where('a.patient_id', 'is not', null)
    .where('a.primary_entry', '=', true);
  // A view carries its entry's columns (migration 0611): the window is a range of its own index,
  // as the entries naming a patient are of theirs (migration 0995).
  let listed = db
    .selectFrom('audit_patient_views as a')
    .select([...columns, 'a.patient_id'])
    .where('a.hospital_id', '=', hospitalId)
    .where('a.primary_entry', '=', true);
  if (q.from) {
    direct = direct.where('a.occurred_at', '>=', q.from);
    listed = listed.where('a.occurred_at', '>=', q.from);
  }
  if (q.to) {
    direct = direct.where('a.occurred_at', '<=', q.to);
    listed = listed.where('a.occurred_at', '<=', q.to);
  }
  if (q.actorId) {
    direct = direct.where('a.actor_id', '=', q.actorId);
    listed = listed.where('a.actor_id', '=', q.actorId);
  }
  if (q.patientId) {
    direct = direct.where('a.patient_id', '=', q.patientId);
    listed = listed.where('a.patient_id', '=', q.patientId);
  }
  return direct.unionAll(listed);
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

export async function accessReport(db: Db, hospitalId: string, q: AccessReportQuery, limit = 10_000) {
  const rows = await db
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
    .limit(limit)
    .execute();
  const names = await patientNames(db, hospitalId, rows);
  return rows.map((r) => {
    const total = Number(r.total);
    const reads = Number(r.reads);
    const refusals = Number(r.refusals);
    return {
      actor: { id: r.actor_id, name: r.actor_name, role: r.actor_role },
      patient: { id: r.patient_id, name: names.get(r.patient_id)?.trim() || null },
      accesses: total,
      reads,
      writes: total - reads - refusals,
      refusals,
      firstAccess: new Date(r.first_at).toISOString(),
      lastAccess: new Date(r.last_at).toISOString(),
    };
  });
}
export type AccessReportRow = Awaited<ReturnType<typeof accessReport>>[number];
