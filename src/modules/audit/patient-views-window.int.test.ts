import { sql } from 'kysely';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../migrations';
import { createDb, createPool, type Db } from '../../platform/db/database';
import { migrateToLatest } from '../../platform/db/migrator';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database';

/**
 * Migrations 0030 and 0046 on a database that already has list reads: each view takes its entry's
 * time, actor and type, so the access report's window finds it without joining the trail; then the
 * views of one read become one row holding every patient it showed.
 */
describe('migrations 0030 and 0046: patient views carry their entry, one row per read', () => {
  let tdb: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    tdb = await createTestDatabase('hms_views');
    db = createDb(createPool(tdb.url, 2));
    const before = new Migrator({
      db,
      provider: { getMigrations: async () => ({ ...migrations.byName }) },
      allowUnorderedMigrations: true,
    });
    const { error } = await before.migrateTo('0029-audit-patient-views');
    if (error) throw error;
  });
  afterAll(async () => {
    await db?.destroy();
    await tdb?.drop();
  });

  it('fills every existing view from the trail entry that showed the patient, one row per read', async () => {
    const at = new Date('2026-11-20T09:15:00Z');
    await sql`
      insert into audit_events (position, feed_tx, hospital_id, seq, event_id, event_type, stream_id,
        stream_revision, occurred_at, actor_id, actor_name, actor_role, action, outcome, primary_entry, data)
      values (41, '7', 'h1', 1, gen_random_uuid(), 'RecordAccessed', 'access-1', 0, ${at}, 'u-nurse',
        'Ada Obi', 'nurse', 'Viewed the patient list', 'success', true, '{}')`.execute(db);
    await sql`insert into audit_patient_views values ('h1', 'p-1', 41), ('h1', 'p-2', 41)`.execute(db);

    await migrateToLatest(db, migrations);

    const { rows } = await sql<Record<string, unknown>>`
      select hospital_id, position, patient_ids, occurred_at, actor_id, actor_name, actor_role, event_type,
             primary_entry
        from audit_patient_views`.execute(db);
    expect(rows).toEqual([
      {
        hospital_id: 'h1',
        position: '41',
        patient_ids: ['p-1', 'p-2'],
        occurred_at: at,
        actor_id: 'u-nurse',
        actor_name: 'Ada Obi',
        actor_role: 'nurse',
        event_type: 'RecordAccessed',
        primary_entry: true,
      },
    ]);
    // Still append-only (migration 1010's trigger on the new table).
    await expect(sql`delete from audit_patient_views`.execute(db)).rejects.toThrow(/append-only: DELETE refused/);
  });
});
