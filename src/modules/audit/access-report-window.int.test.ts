import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { migrations } from '../../../migrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database';
import { createPool, type Database } from '../../platform/db/database';
import { migrateToLatest } from '../../platform/db/migrator';
import { accessReport } from './read-models/access-report';

/**
 * The access report over a window of a busy trail: the entries that name a patient themselves are
 * a range of their own index (migration 0039), not a walk through every shown entry of the window,
 * and each patient's name is looked up once, whatever number of people's rows name them.
 */
describe('the access report window', () => {
  let tdb: TestDatabase;
  let pool: ReturnType<typeof createPool>;
  let db: Kysely<Database>;
  const queries: CompiledQuery[] = [];
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 9, minute));

  beforeAll(async () => {
    tdb = await createTestDatabase('hms_access_window');
    pool = createPool(tdb.url, 2);
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (e) => void (e.level === 'query' && queries.push(e.query)),
    });
    await migrateToLatest(db, migrations);
    // A morning: many list reads (shown entries naming no patient) and a few records opened.
    await sql`
      insert into audit_events (position, feed_tx, hospital_id, seq, event_id, event_type, stream_id,
        stream_revision, occurred_at, actor_id, actor_name, actor_role, action, outcome, primary_entry,
        patient_id, data)
      select n, n::text, 'h1', n, gen_random_uuid(),
             case when n % 20 = 0 then 'PatientStatusChanged' else 'RecordAccessed' end,
             'access-' || n, 0, ${at(0)}::timestamptz + n * interval '1 second',
             'u-' || (n % 7), 'Nurse ' || (n % 7), 'nurse', 'Viewed', 'success', true,
             case when n % 20 = 0 then 'p-' || (n % 3) end, '{}'
        from generate_series(1, 2000) n`.execute(db);
    await sql`
      insert into audit_subjects (hospital_id, kind, id, first_name, last_name)
      values ('h1', 'patient', 'p-0', 'Ada', 'Obi'), ('h1', 'patient', 'p-1', 'Bisi', null)`.execute(db);
    await sql`analyze audit_events`.execute(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await tdb?.drop();
  });

  it("reads a window's entries that name a patient through their own index", async () => {
    queries.length = 0;
    await accessReport(db, 'h1', { from: at(10), to: at(20) });
    const report = queries[0]!;
    // Without a scan of the table to choose, the planner shows which index it would take.
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query(`explain (format json) ${report.sql}`, [...report.parameters]);
      const plan = JSON.stringify(rows[0]['QUERY PLAN']);
      expect(plan).toContain('"Index Name":"audit_events_patient_window"');
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('names each patient once, and no one for a patient the trail does not know', async () => {
    queries.length = 0;
    const rows = await accessReport(db, 'h1', {});
    expect(rows).toHaveLength(7 * 3);
    const names = Object.fromEntries(rows.map((r) => [r.patient.id, r.patient.name]));
    expect(names).toEqual({ 'p-0': 'Ada Obi', 'p-1': 'Bisi', 'p-2': null });
    expect(rows.reduce((n, r) => n + r.writes, 0)).toBe(100);
    // The counts, then the three patients' names: two statements, not one look-up per row.
    expect(queries).toHaveLength(2);
    const ids = queries[1]!.parameters.find((p): p is string[] => Array.isArray(p));
    expect([...ids!].sort()).toEqual(['p-0', 'p-1', 'p-2']);
  });
});
