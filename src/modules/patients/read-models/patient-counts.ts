import { sql, type OnConflictBuilder } from 'kysely';
import type { Database, Db } from '../../../platform/db/database';
import { PATIENT_STATUSES } from '../events';
import type { PatientStatus } from '../patient';

declare module '../../../platform/db/database' {
  interface Database {
    /**
     * Live (not deleted) patients per hospital and bucket, striped over shards (a bucket's count is
     * the sum of its shards); written only by the patients-list projection.
     */
    patient_counts: { hospital_id: string; bucket: string; shard: number; patients: number };
  }
}

/** Buckets: a status, "ever seen by a doctor", and "registered on a hospital day". */
export const statusBucket = (status: string) => `status:${status}`;
export const SEEN_BUCKET = 'seen';
export const dayBucket = (day: string) => `day:${day}`;
// Day buckets pile up over the years; reads name their buckets so they stay a few key lookups.
export const STATUS_BUCKETS = PATIENT_STATUSES.map(statusBucket);

/**
 * Shards per bucket. An upsert holds its counter row until the transaction commits; with a single
 * row per bucket every registration of a hospital (all adding to 'status:waiting' and today's
 * bucket) would wait for the one before it to commit. Each database connection adds to its own
 * shard instead, so concurrent commands on different connections rarely meet on a row.
 */
const COUNT_SHARDS = 16;

/**
 * The rows a projection statement adds to the counts, from its CTE `changed(hospital_id, buckets,
 * deltas)` (a row per patient changed): one row per bucket that moves, its deltas summed, in
 * bucket order, so two transactions moving the same counters (waiting → seen, seen → waiting)
 * wait for each other instead of deadlocking.
 */
export const countChanges = sql`
  select c.hospital_id, d.bucket, (pg_backend_pid() % ${sql.lit(COUNT_SHARDS)})::smallint, sum(d.delta)
  from changed c cross join lateral unnest(c.buckets, c.deltas) as d(bucket, delta)
  where d.delta <> 0
  group by c.hospital_id, d.bucket
  order by c.hospital_id, d.bucket`;

export const COUNT_COLUMNS = ['hospital_id', 'bucket', 'shard', 'patients'] as const;

export const addToCount = (oc: OnConflictBuilder<Database, 'patient_counts'>) =>
  oc
    .columns(['hospital_id', 'bucket', 'shard'])
    .doUpdateSet({ patients: sql`patient_counts.patients + excluded.patients` });

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
    .select((eb) => ['bucket', eb.fn.sum<string>('patients').as('patients')])
    .where('hospital_id', '=', hospitalId)
    .where('bucket', 'in', [...STATUS_BUCKETS, SEEN_BUCKET, dayBucket(today)])
    .groupBy('bucket')
    .execute();
  const count = new Map(rows.map((r) => [r.bucket, Number(r.patients)]));
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
