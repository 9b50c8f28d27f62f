import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, type Db } from '../src/platform/db/database';
import { startTestApp, type TestApp } from './helpers/app';
import { seedHospitalFeed } from './helpers/hospital-feed';

/**
 * A rebuild of every projection over read models that are already full, as `projections:rebuild
 * -- --all` does on a live hospital, run by the application's own least-privileged role: each table
 * is emptied at once (TRUNCATE), not row by row, so the rebuild neither spends minutes deleting
 * millions of rows nor writes its new rows past as many dead ones; and it ends with the same rows.
 */
const TABLES = [
  'patients_list',
  'consultations',
  'lab_requests',
  'billing_invoices',
  'billing_payments',
  'notifications',
  'notification_recipients',
  'audit_events',
  'audit_patient_views',
] as const;

type Shape = { rows: number; digest: string; bytes: number };

async function shapes(db: Db): Promise<Record<string, Shape>> {
  const out: Record<string, Shape> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ rows: string; digest: string | null; bytes: string }>`
      select count(*)::text as rows, sum(hashtext(t::text)::bigint)::text as digest,
             pg_relation_size(${table}::regclass)::text as bytes
        from ${sql.table(table)} t`.execute(db);
    const [row] = rows;
    out[table] = { rows: Number(row!.rows), digest: row!.digest ?? '', bytes: Number(row!.bytes) };
  }
  return out;
}

describe('rebuilding every projection over full read models', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ startProjections: false });
    await seedHospitalFeed(
      t.platform.pool,
      { hospitalId: 'hospital-1', patients: 300, events: 3300, seed: 11 },
      () => {},
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it('replays as the application role (the owner only empties the append-only audit tables), empties each table at once and ends with the same rows', async () => {
    const role = await sql<{ me: string; superuser: boolean }>`
      select current_user as me, rolsuper as superuser from pg_roles where rolname = current_user`.execute(
      t.platform.db,
    );
    expect(role.rows[0]).toMatchObject({ superuser: false });
    expect(role.rows[0]!.me).not.toBe('postgres');

    // The app may not empty the audit trail (append-only, migration 0042): that needs the owner.
    await expect(t.platform.runner.rebuildAll('one-pass')).rejects.toThrow(/must be owner/);
    const owner = createDb(createPool(t.db.url, 2));
    try {
      await t.platform.runner.rebuildAll('one-pass', undefined, { owner });
    } finally {
      await owner.destroy();
    }
    const first = await shapes(t.platform.db);
    for (const table of TABLES) expect(first[table]!.rows, table).toBeGreaterThan(0);

    const again = createDb(createPool(t.db.url, 2));
    try {
      await t.platform.runner.rebuildAll('one-pass', undefined, { owner: again });
    } finally {
      await again.destroy();
    }
    const second = await shapes(t.platform.db);
    for (const table of TABLES) {
      expect({ rows: second[table]!.rows, digest: second[table]!.digest }, table).toEqual({
        rows: first[table]!.rows,
        digest: first[table]!.digest,
      });
      // Row by row deletion leaves the old rows in the table's pages until a vacuum: the second
      // rebuild's rows would be written after them, about doubling its size.
      expect(second[table]!.bytes, table).toBeLessThanOrEqual(first[table]!.bytes);
    }
  });
});
