import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asClient } from '../../../test/helpers/patients-api';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, type Onboarded } from '../../../test/helpers/onboard';
import { buildApp, type BuiltApp } from '../../app';
import { createDb, createPool, type Db } from '../../platform/db/database';
import { createLogger } from '../../platform/logger';
import { DEFAULT_TIME_ZONE } from '../../shared/hospital-calendar';
import { hospitalTimeZone } from './read-models/time-zones';
import { SETTINGS_CACHE } from './settings-cache';

/**
 * Issue 34 §5: every list read of patients asks for its hospital's time zone; a running server
 * answers from its settings cache, which the feed keeps current whichever server saved the
 * settings, instead of a query each time. A process that does not follow the feed reads the table.
 */
describe("the hospital's time zone, from the settings cache", () => {
  let a: TestApp;
  /** A second server on the same database. */
  let b: BuiltApp;
  let bDir: string;
  /** A connection of no server: the table as it stands. */
  let table: Db;
  let h: Onboarded;

  const setRow = (zone: string) =>
    sql`update hospital_settings set time_zone = ${zone} where hospital_id = ${h.hospital.id}`.execute(table);
  const feedReached = async (app: BuiltApp) => {
    const head = await app.platform.store.headPosition();
    expect(await app.platform.waitFor(head, [SETTINGS_CACHE], 20_000)).toBe(true);
  };

  beforeAll(async () => {
    a = await startTestApp();
    bDir = mkdtempSync(path.join(os.tmpdir(), 'hms-test-data-'));
    b = await buildApp({ ...a.config, dataDir: bDir }, { log: createLogger('silent') });
    table = createDb(createPool(a.db.url, 2));
    h = await onboardHospital(a);
  });
  afterAll(async () => {
    await table?.destroy();
    await b?.close();
    rmSync(bDir, { recursive: true, force: true });
    await a?.close();
  });

  it('reads the zone once per hospital: a row changed behind the feed is not read again', async () => {
    expect(await hospitalTimeZone(a.platform.db, h.hospital.id)).toBe(DEFAULT_TIME_ZONE);
    await setRow('Asia/Tokyo');
    try {
      expect(await hospitalTimeZone(table, h.hospital.id)).toBe('Asia/Tokyo');
      expect(await hospitalTimeZone(a.platform.db, h.hospital.id)).toBe(DEFAULT_TIME_ZONE);
    } finally {
      await setRow(DEFAULT_TIME_ZONE);
    }
  });

  it('takes a zone saved through another server once the feed brings the change', async () => {
    expect(await hospitalTimeZone(a.platform.db, h.hospital.id)).toBe(DEFAULT_TIME_ZONE);
    const saved = await b.app.inject({
      method: 'PUT',
      url: '/api/hospital/settings',
      headers: asClient(h.token),
      payload: { timeZone: 'America/Sao_Paulo' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The saving server has it when the save answers; the other once its feed reached the change.
    expect(await hospitalTimeZone(b.platform.db, h.hospital.id)).toBe('America/Sao_Paulo');
    await feedReached(a);
    expect(await hospitalTimeZone(a.platform.db, h.hospital.id)).toBe('America/Sao_Paulo');
  });

  it('reads the table each time in a process that does not follow the feed', async () => {
    const toolDir = mkdtempSync(path.join(os.tmpdir(), 'hms-test-data-'));
    const tool = await buildApp(
      { ...a.config, dataDir: toolDir },
      { log: createLogger('silent'), startProjections: false },
    );
    try {
      expect(await hospitalTimeZone(tool.platform.db, h.hospital.id)).toBe('America/Sao_Paulo');
      await setRow('Asia/Tokyo');
      expect(await hospitalTimeZone(tool.platform.db, h.hospital.id)).toBe('Asia/Tokyo');
    } finally {
      await setRow('America/Sao_Paulo');
      await tool.close();
      rmSync(toolDir, { recursive: true, force: true });
    }
  });
});
