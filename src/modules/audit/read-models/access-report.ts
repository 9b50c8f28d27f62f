import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';

/**
 * For a breach notice: who touched which patients in a window (reads, writes and refusals), one
 * row per person and patient, busiest first; clinical work on a patient (a consultation, a dispensing,
 * a lab result) counts as a write on that patient. Narrowed to one person or one patient when asked.
 */
export type AccessReportQuery = { from?: Date; to?: Date; actorId?: string; patientId?: string };

export async function accessReport(db: Db, hospitalId: string, q: AccessReportQuery, limit = 10_000) {
  let query = db
    .selectFrom('audit_events as a')
    .leftJoin('audit_subjects as s', (j) =>
      j.on('s.kind', '=', 'patient').onRef('s.id', '=', 'a.patient_id').onRef('s.hospital_id', '=', 'a.hospital_id'),
    )
    .where('a.hospital_id', '=', hospitalId)
    .where('a.patient_id', 'is not', null)
    .where('a.primary_entry', '=', true);
  if (q.from) query = query.where('a.occurred_at', '>=', q.from);
  if (q.to) query = query.where('a.occurred_at', '<=', q.to);
  if (q.actorId) query = query.where('a.actor_id', '=', q.actorId);
  if (q.patientId) query = query.where('a.patient_id', '=', q.patientId);
  const rows = await query
    .select([
      'a.actor_id',
      'a.patient_id',
      sql<string>`max(a.actor_name)`.as('actor_name'),
      sql<string>`max(a.actor_role)`.as('actor_role'),
      sql<string | null>`max(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, ''))`.as('patient_name'),
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
  return rows.map((r) => {
    const total = Number(r.total);
    const reads = Number(r.reads);
    const refusals = Number(r.refusals);
    return {
      actor: { id: r.actor_id, name: r.actor_name, role: r.actor_role },
      patient: { id: r.patient_id!, name: r.patient_name?.trim() || null },
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
