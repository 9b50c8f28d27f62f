import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../../../../test/helpers/database';
import { buildApp, type BuiltApp } from '../../../app';
import { loadConfig } from '../../../platform/config';
import { startEmbeddedPostgres } from '../../../platform/db/embedded-postgres';
import { createLogger } from '../../../platform/logger';
import { metadataFor } from '../../../platform/event-store/metadata';
import type { StreamWrite } from '../../../platform/event-store/port';
import { plainPageQuery } from './patients-queries';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** `count` patients of a hospital, as the events the store appends. */
function registrations(hospitalId: string, count: number): StreamWrite[] {
  const start = Date.now() - count * 1000;
  return Array.from({ length: count }, (_, i) => {
    const patientId = randomUUID();
    // One a second, as a front desk registers them: the newest-first index grows at its head.
    const metadata = metadataFor({ hospitalId, now: new Date(start + i * 1000) });
    return {
      stream: `patient-${patientId}`,
      expectedRevision: 'no_stream' as const,
      events: [
        {
          type: 'PatientRegistered',
          metadata,
          data: {
            patientId,
            hospitalId,
            firstName: 'Plan',
            lastName: `Patient${i}`,
            dateOfBirth: '1990-01-01',
            gender: 'Female',
            phoneNumber: `0803${String(i).padStart(7, '0')}`,
            address: '1 Marina, Lagos',
            identificationNumber: `PLAN${i}`,
            emergencyContactName: null,
            emergencyContactRelationship: null,
            emergencyContactPhone: null,
            status: i % 2 ? 'waiting' : 'seen',
          },
        },
      ],
    };
  });
}

/**
 * The page every desk keeps open walks the newest-first index and stops after a page, even before
 * the table has statistics (a new installation's first burst of registrations or an import, before
 * autovacuum analyses it): no other index starting with the hospital may look cheaper.
 * Planners differ by version, so on the tests' server and on the embedded PostgreSQL that
 * `npm start` runs (where the phone lookup's index once won).
 */
describe.each([
  ['the test server', null],
  ['the embedded PostgreSQL of npm start', 'embedded'],
] as const)('the plan of the patient page on %s', (_, server) => {
  let t: BuiltApp;
  let hospitalId: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-plan-'));
    const embedded = server === 'embedded' ? await startEmbeddedPostgres(dir, createLogger('silent')) : null;
    const database = embedded ? null : await createTestDatabase();
    const config = {
      ...loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-42' }),
      databaseUrl: embedded?.url ?? database!.url,
    };
    t = await buildApp(config, { startProjections: false, log: createLogger('silent') });
    close = async () => {
      await t.close();
      await embedded?.stop();
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    };
    hospitalId = randomUUID();
    // 10 000 patients registered before autovacuum first analyses the table (kept from doing so here).
    // A table setting is the owner's (the app's own role owns no table).
    const owner = new pg.Client({ connectionString: config.databaseUrl });
    await owner.connect();
    await owner.query('alter table patients_list set (autovacuum_enabled = false)');
    await owner.end();
    await t.platform.store.appendMany(registrations(randomUUID(), 500));
    const mine = registrations(hospitalId, 10000);
    for (let i = 0; i < mine.length; i += 100) await t.platform.store.appendMany(mine.slice(i, i + 100));
  }, 60_000);
  afterAll(async () => close?.());

  it.each([
    ['every status', 'patients_list_newest', undefined],
    ['one status', 'patients_list_status_newest', 'waiting'],
  ])('for %s walks %s, then fetches and sorts only the page', async (_, index, status) => {
    const query = plainPageQuery(hospitalId, { page: 1, limit: 10, status });
    const { rows } = await t.platform.pool.query(`explain (format json) ${query.sql}`, [...query.parameters]);
    const plan = nodes((rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }])[0].Plan);
    const scans = plan.filter((n) => n['Index Name']?.startsWith('patients_list'));
    // The walk on its index; then the page's rows by primary key.
    expect(scans.map((n) => n['Index Name'])).toEqual([index, 'patients_list_pkey']);
    // The only sort left is the outer one over the page's ten rows.
    expect(plan.filter((n) => n['Node Type'] === 'Sort')).toHaveLength(1);
  });
});
