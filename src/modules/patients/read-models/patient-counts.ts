import { sql, type OnConflictBuilder } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import { PATIENT_STATUSES } from '../events';
import type { PatientStatus } from '../patient';

declare module '../../../platform/db/database' {
  interface Database {
    /** Live (not deleted) patients per hospital and bucket; written only by the patients-list projection. */
    patient_counts: { hospital_id: string; bucket: string; patients: number };
  }
}

/** Buckets: a status, "ever seen by a doctor", and "registered on a hospital day". */
export const statusBucket = (status: string) => `status:${status}`;
export const SEEN_BUCKET = 'seen';
export const dayBucket = (day: string) => `day:${day}`;
// Day buckets pile up over the years; reads name their buckets so they stay a few key lookups.
const STATUS_BUCKETS = PATIENT_STATUSES.map(statusBucket);

/**
 * The rows a projection statement adds to the counts, from its CTE `changed(hospital_id, buckets,
 * deltas)`: one row per bucket that moves, in bucket order, so two transactions moving the same
 * counters (waiting → seen, seen → waiting) wait for each other instead of deadlocking.
 */
export const countChanges = sql`
  select c.hospital_id, d.bucket, d.delta
  from changed c cross join lateral unnest(c.buckets, c.deltas) as d(bucket, delta)
  where d.delta <> 0
  order by d.bucket`;

export const addToCount = (oc: OnConflictBuilder<Database, 'patient_counts'>) =>
  oc.columns(['hospital_id', 'bucket']).doUpdateSet({ patients: sql`patient_counts.patients + excluded.patients` });

export type PatientStats = {
  totalPatients: number;
  byStatus: Record<PatientStatus, number>;
  registeredToday: number;
  seenCount: number;
};

/** The dashboards' counts: a handful of rows, whatever the number of patients. `today` is the hospital's date. */
export async function patientStats(db: Db, hospitalId: string, today: string): Promise<PatientStats> {
  const rows = await db
    .selectFrom('patient_counts')
    .select(['bucket', 'patients'])
    .where('hospital_id', '=', hospitalId)
    .where('bucket', 'in', [...STATUS_BUCKETS, SEEN_BUCKET, dayBucket(today)])
    .execute();
  const count = new Map(rows.map((r) => [r.bucket, r.patients]));
  const byStatus = Object.fromEntries(PATIENT_STATUSES.map((s) => [s, count.get(statusBucket(s)) ?? 0])) as Record<
    PatientStatus,
    number
  >;
  return {
    totalPatients: Object.values(byStatus).reduce((a, b) => a + b, 0),
    byStatus,
    registeredToday: count.get(dayBucket(today)) ?? 0,
    seenCount: count.get(SEEN_BUCKET) ?? 0,
  };
}

/** Live patients of a hospital, all or of one status, from the counts (no scan of the list). */
export async function countPatients(db: Db, hospitalId: string, status?: string): Promise<number> {
  let q = db
    .selectFrom('patient_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('patients'), sql<string>`0`).as('n'))
    .where('hospital_id', '=', hospitalId);
  q = status ? q.where('bucket', '=', statusBucket(status)) : q.where('bucket', 'in', STATUS_BUCKETS);
  const { n } = await q.executeTakeFirstOrThrow();
  return Number(n);
}
