import { randomBytes } from 'node:crypto';
import { migrations } from '../../../migrations';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database';
import { APP_ROLE, prepareDatabase } from './app-role';

/** Issue 21, item 8: the app's own connection cannot rewrite the event log, whatever it sends. */
describe('the app connects as a role that cannot rewrite history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const asApp = async (text: string) => {
    const c = await t.platform.pool.connect();
    try {
      return await c.query(text);
    } finally {
      c.release();
    }
  };

  it('is a role of its own: not a superuser, owner of no table', async () => {
    const { rows } = await asApp(
      `select current_user as name, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls,
              (select count(*)::int from pg_class where relowner = r.oid and relnamespace = 'public'::regnamespace) as owns
         from pg_roles r where rolname = current_user`,
    );
    expect(rows[0]).toEqual({
      name: APP_ROLE,
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolbypassrls: false,
      owns: 0,
    });
  });

  it('may append and read events, and write the read models, but never change an event', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    await asApp(
      `insert into events (stream_id, stream_revision, event_id, type, data, metadata)
       values ('probe-1', 0, gen_random_uuid(), 'Probe', '{}', '{}')`,
    );
    const refused = [
      `update events set data = '{}'`,
      `delete from events`,
      `truncate events`,
      `set session_replication_role = replica`,
      `alter table events disable trigger all`,
      `alter table events disable trigger events_no_update_delete`,
      `drop table events`,
      `create table mine (id int)`,
      `insert into kysely_migration (name, timestamp) values ('x', 'y')`,
    ];
    for (const text of refused) {
      await expect(asApp(text), text).rejects.toMatchObject({ code: '42501' });
    }
    expect((await asApp(`select count(*)::int as n from events where stream_id = 'probe-1'`)).rows[0].n).toBe(1);
  });

  it('leaves the owner its powers, for the repairs a DBA makes by hand', async () => {
    const owner = new pg.Client({ connectionString: t.db.url });
    await owner.connect();
    try {
      await owner.query('begin');
      await owner.query('set local session_replication_role = replica');
      await owner.query(`delete from events where stream_id = 'probe-1'`);
      await owner.query('rollback');
    } finally {
      await owner.end();
    }
  });
});

describe('preparing the database', () => {
  let db: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    db = await createTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-role-'));
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('grants a table that appears after the first start on the next start', async () => {
    const first = await prepareDatabase({ migrations, ownerUrl: db.url, dataDir });
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    await owner.query('create table later_read_model (id int)');
    await owner.end();
    const second = await prepareDatabase({ migrations, ownerUrl: db.url, dataDir });
    expect(second.appUrl).toBe(first.appUrl);
    const app = new pg.Client({ connectionString: second.appUrl });
    await app.connect();
    try {
      await app.query('insert into later_read_model values (1)');
      await app.query('delete from later_read_model');
    } finally {
      await app.end();
    }
  });

  it('gives two servers with their own DATA_DIR one password when they share JWT_SECRET', async () => {
    const role = `hms_app_${randomBytes(3).toString('hex')}`;
    const [dirA, dirB] = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'hms-node-')));
    try {
      const sharedSecret = 'shared-secret-shared-secret-shared-42';
      const a = await prepareDatabase({ migrations, ownerUrl: db.url, dataDir: dirA!, role, sharedSecret });
      const b = await prepareDatabase({ migrations, ownerUrl: db.url, dataDir: dirB!, role, sharedSecret });
      expect(b.appUrl).toBe(a.appUrl);
      // The second start did not lock the first server out (on a server that checks passwords).
      expect(new URL(a.appUrl).password).not.toBe('');
    } finally {
      for (const d of [dirA!, dirB!]) rmSync(d, { recursive: true, force: true });
    }
  });

  it('builds again the indexes and keys a rebuild that was killed half-way left dropped', async () => {
    await prepareDatabase({ migrations, ownerUrl: db.url, dataDir });
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    try {
      const key = () => owner.query(`select 1 from pg_constraint where conname = 'audit_events_pkey'`);
      // What dropDeferredIndexes leaves behind for the audit trail's key.
      await owner.query(`insert into projection_deferred_indexes (name, definition)
        select indexname, indexdef || '; ALTER TABLE audit_events ADD CONSTRAINT audit_events_pkey PRIMARY KEY USING INDEX audit_events_pkey'
          from pg_indexes where indexname = 'audit_events_pkey'`);
      await owner.query('alter table audit_events drop constraint audit_events_pkey');
      expect((await key()).rowCount).toBe(0);
      await prepareDatabase({ migrations, ownerUrl: db.url, dataDir });
      expect((await key()).rowCount).toBe(1);
      expect((await owner.query('select * from projection_deferred_indexes')).rowCount).toBe(0);
    } finally {
      await owner.end();
    }
  });

  it('creates the role once however many databases prepare at the same time', async () => {
    const role = `hms_race_${randomBytes(4).toString('hex')}`;
    const more = await Promise.all([1, 2, 3, 4, 5, 6].map(() => createTestDatabase()));
    try {
      const prepared = await Promise.all(
        more.map((d) => prepareDatabase({ migrations, ownerUrl: d.url, dataDir, role })),
      );
      expect(prepared.map((p) => p.role)).toEqual(more.map(() => role));
    } finally {
      await Promise.all(more.map((d) => d.drop()));
      const owner = new pg.Client({ connectionString: db.url });
      await owner.connect();
      await owner.query(`drop role if exists ${role}`);
      await owner.end();
    }
  });

  it("uses the operator's APP_DATABASE_URL, and refuses one that could rewrite the log", async () => {
    const role = `hms_ops_${randomBytes(4).toString('hex')}`;
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    await owner.query(`create role ${role} login password 'x'`);
    try {
      const appUrl = new URL(db.url);
      appUrl.username = role;
      appUrl.password = 'x';
      const prepared = await prepareDatabase({ migrations, ownerUrl: db.url, appUrl: appUrl.toString(), dataDir });
      expect(prepared.role).toBe(role);
      const app = new pg.Client({ connectionString: prepared.appUrl });
      await app.connect();
      try {
        expect((await app.query('select current_user as u')).rows[0].u).toBe(role);
        await expect(app.query('delete from events')).rejects.toMatchObject({ code: '42501' });
      } finally {
        await app.end();
      }
      await expect(prepareDatabase({ migrations, ownerUrl: db.url, appUrl: db.url, dataDir })).rejects.toThrow(
        /may rewrite the event log/,
      );
    } finally {
      await owner.query(`drop owned by ${role}`);
      await owner.query(`drop role ${role}`);
      await owner.end();
    }
  });
});
