import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';

export type TestTurnaround = {
  testCode: string;
  testName: string;
  completed: number;
  medianMinutes: number;
  p90Minutes: number;
};

/**
 * Turnaround per test, order to results, over the tests completed in the last `days` days: the
 * median and the 90th percentile (interpolated, like PostgreSQL's percentile_cont), in minutes
 * rounded to one decimal; the slowest median first.
 */
export async function labTurnaround(db: Db, hospitalId: string, since: Date): Promise<TestTurnaround[]> {
  // A range of the completed-on index (migration 0048) instead of every completed test the hospital has had:
  // a test completed at or after `since` was completed on or after the day before since's UTC date,
  // whatever the hospital's zone (no zone is more than a day from UTC).
  const fromDay = new Date(since.getTime() - 86_400_000).toISOString().slice(0, 10);
  const { rows } = await sql<{
    test_code: string;
    test_name: string;
    completed: number;
    median_minutes: number;
    p90_minutes: number;
  }>`
    with done as (
      select test_code, test_name, extract(epoch from completed_at - ordered_at) / 60 as minutes
      from lab_requests
      where hospital_id = ${hospitalId} and completed_on >= ${fromDay}
        and status = 'completed' and completed_at >= ${since}
    )
    select test_code, test_name, count(*)::int as completed,
      round((percentile_cont(0.5) within group (order by minutes))::numeric, 1)::float8 as median_minutes,
      round((percentile_cont(0.9) within group (order by minutes))::numeric, 1)::float8 as p90_minutes
    from done group by test_code, test_name
    order by median_minutes desc, test_name`.execute(db);
  return rows.map((r) => ({
    testCode: r.test_code,
    testName: r.test_name,
    completed: r.completed,
    medianMinutes: r.median_minutes,
    p90Minutes: r.p90_minutes,
  }));
}
