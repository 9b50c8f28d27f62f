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
  // A view carries its entry's columns (migration 0611): the window is a range of its own index.
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

export async function accessReport(db: Db, hospitalId: string, q: AccessReportQuery, limit = 10_000) {
  // Counted first, named after: the names are looked up for the rows reported, not for every touch.
  const counted = db
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
    .limit(limit);
  // The name of each row's patient is one index look-up per row (the subquery). A join let the
  // planner, misled by statistics that lag a busy day (it counted 37 rows for 6,600), loop over every
  // patient of the hospital for every row: 23 s for 6,600 rows where this takes 0.1 s.
  const rows = await db
    .selectFrom(counted.as('r'))
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('audit_subjects as s')
        .select(sql<string>`coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, '')`.as('name'))
        .where('s.hospital_id', '=', hospitalId)
        .where('s.kind', '=', 'patient')
        .whereRef('s.id', '=', 'r.patient_id')
        .as('patient_name'),
    )
    .orderBy(sql`r.total::bigint`, 'desc')
    .orderBy('r.actor_id')
    .execute();
  return rows.map((r) => {
    const total = Number(r.total);
    const reads = Number(r.reads);
    const refusals = Number(r.refusals);
    return {
      actor: { id: r.actor_id, name: r.actor_name, role: r.actor_role },
      patient: { id: r.patient_id, name: r.patient_name?.trim() || null },
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
