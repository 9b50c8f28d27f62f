import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { guardClient } from './connection-errors';
import { createDb, createPool } from './database';
import { restoreDeferredIndexes } from '../projections/deferred-indexes';
import { migrateToLatest, type Migrations } from './migrator';

/**
 * Least privilege (issue 21, item 8). Migrations run as the database's owner; the application
 * itself connects as a role that owns nothing: INSERT and SELECT on `events` (no UPDATE, DELETE or
 * TRUNCATE), read and write on the read-model tables, not a superuser, so it can neither disable
 * the append-only trigger nor set `session_replication_role`. A leaked app connection (an injected
 * query, a stolen pool) cannot rewrite history.
 *
 * Two ways to get that role:
 *  - the operator gives its URL (APP_DATABASE_URL); the owner grants it what it needs;
 *  - or the owner (DATABASE_URL, the embedded cluster's `postgres`) creates `hms_app` itself.
 *    Its password is derived from the owner's (HMAC), so every instance sharing one owner URL
 *    agrees on it without a shared file; an owner URL without a password (trust, peer) uses one
 *    generated into DATA_DIR/app-db-password (0600). When the role already exists with another
 *    password, the owner resets it to this one.
 */
export const APP_ROLE = 'hms_app';

export type PreparedDatabase = { appUrl: string; role: string };

/** Errors a concurrent CREATE/ALTER ROLE or GRANT from another database of the same server gives. */
const RACES = new Set(['23505', '42710', 'XX000', '40001', '40P01']);

function code(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null ? (e as { code?: string }).code : undefined;
}

async function retryingRaces<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await work();
    } catch (e) {
      if (!RACES.has(code(e) ?? '') || attempt >= 20) throw e;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 80));
    }
  }
}

function appPassword(ownerUrl: string, dataDir: string, role: string, sharedSecret: string | undefined): string {
  const owner = decodeURIComponent(new URL(ownerUrl).password);
  if (owner) return createHmac('sha256', owner).update(`hms application role ${role}`).digest('hex');
  // Several servers share JWT_SECRET (each must accept the others' tokens): deriving from it, they
  // agree on the password instead of each resetting the role to its own and locking the others out.
  if (sharedSecret) return createHmac('sha256', sharedSecret).update(`hms application role ${role}`).digest('hex');
  const file = path.join(dataDir, 'app-db-password');
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

function withUser(url: string, user: string, password: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(user);
  u.password = encodeURIComponent(password);
  return u.toString();
}

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = guardClient(new pg.Client({ connectionString: url, application_name: 'hms-migrate' }));
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** Creates the role (a no-op when another process or an earlier start made it). */
async function ensureRole(owner: pg.Client, role: string, password: string): Promise<void> {
  await retryingRaces(async () => {
    const found = await owner.query('select 1 from pg_roles where rolname = $1', [role]);
    if (found.rowCount) return;
    const literal = owner.escapeLiteral(password);
    await owner.query(
      `create role ${owner.escapeIdentifier(role)} login password ${literal}
         nosuperuser nocreatedb nocreaterole noreplication nobypassrls`,
    );
  });
}

/**
 * What the app may do in this database, granted after every migration so a table a later
 * migration adds is covered. Run in one transaction, so the role never holds a half set.
 */
export async function grantAppPrivileges(owner: pg.Client, role: string): Promise<void> {
  const r = owner.escapeIdentifier(role);
  await retryingRaces(async () => {
    await owner.query('begin');
    try {
      // Before PostgreSQL 15 every role may create tables in `public`; the app must own none.
      await owner.query(`do $$ begin
        if pg_has_role(current_user, (select nspowner from pg_namespace where nspname = 'public'), 'USAGE') then
          revoke create on schema public from public;
        end if;
      end $$`);
      await owner.query(`grant usage on schema public to ${r}`);
      await owner.query(`revoke all on all tables in schema public from ${r}`);
      await owner.query(`grant select, insert, update, delete, truncate on all tables in schema public to ${r}`);
      await owner.query(`revoke update, delete, truncate on events from ${r}`);
      // What the trail and the access report show is as append-only as the log (issue 33).
      await owner.query(
        `revoke update, delete, truncate on audit_events, audit_patient_views, audit_chain_heads, audit_report_exports, audit_reads from ${r}`,
      );
      await owner.query(`revoke all on kysely_migration, kysely_migration_lock from ${r}`);
      await owner.query(`grant usage, select on all sequences in schema public to ${r}`);
      await owner.query('commit');
    } catch (e) {
      await owner.query('rollback').catch(() => undefined);
      throw e;
    }
  });
}

/** Refuses to run the app as a role that could rewrite the event log. */
async function assertLimited(app: pg.Client): Promise<void> {
  const { rows } = await app.query<{ name: string; superuser: boolean; owns: string; events_update: boolean }>(
    `select current_user as name, r.rolsuper as superuser,
            (select count(*) from pg_class c where c.relowner = r.oid
               and c.relnamespace = 'public'::regnamespace)::text as owns,
            has_table_privilege('events', 'UPDATE') or has_table_privilege('events', 'DELETE')
              or has_table_privilege('events', 'TRUNCATE') as events_update
       from pg_roles r where r.rolname = current_user`,
  );
  const me = rows[0]!;
  if (me.superuser || me.owns !== '0' || me.events_update) {
    throw new Error(
      `The application's database role "${me.name}" may rewrite the event log (superuser, owner of tables, or UPDATE/DELETE on events): give APP_DATABASE_URL a role of its own`,
    );
  }
}

/**
 * Migrates as the owner, makes sure the app's role exists with its grants, and returns the URL the
 * app connects with. The owner's connection is closed before the app's pool opens.
 */
export async function prepareDatabase(args: {
  ownerUrl: string;
  appUrl?: string;
  dataDir: string;
  /** The role the owner creates when no appUrl is given (tests use their own). */
  role?: string;
  /** A secret every server shares (JWT_SECRET): the role's password is derived from it when the owner has none. */
  sharedSecret?: string;
  /** Every migration (`migrations/index.ts`): the composition root hands the list in. */
  migrations: Migrations;
}): Promise<PreparedDatabase> {
  const ownerPool = createPool(args.ownerUrl, 2);
  const ownerDb = createDb(ownerPool);
  try {
    await migrateToLatest(ownerDb, args.migrations);
    // A rebuild of every projection that was killed half-way left its deferred indexes and keys
    // dropped: without the keys the live projections' `on conflict` fails, so they are built now.
    await restoreDeferredIndexes(ownerDb);
  } finally {
    await ownerDb.destroy();
  }
  const role = args.appUrl ? decodeURIComponent(new URL(args.appUrl).username) : (args.role ?? APP_ROLE);
  const password = args.appUrl ? undefined : appPassword(args.ownerUrl, args.dataDir, role, args.sharedSecret);
  const appUrl = args.appUrl ?? withUser(args.ownerUrl, role, password!);
  await withClient(args.ownerUrl, async (owner) => {
    if (password !== undefined) {
      await ensureRole(owner, role, password).catch((e: unknown) => {
        if (code(e) !== '42501') throw e;
        throw new Error(
          `DATABASE_URL's user may not create the application's role ${role}: set APP_DATABASE_URL to a login role without privileges of its own (the owner grants them), or give DATABASE_URL's user CREATEROLE`,
        );
      });
    }
    await grantAppPrivileges(owner, role);
  });
  const connectAsApp = () => withClient(appUrl, assertLimited);
  try {
    await connectAsApp();
  } catch (e) {
    // 28P01: the role exists with another password (made by an older DATA_DIR); ours wins.
    if (password === undefined || code(e) !== '28P01') throw e;
    await withClient(args.ownerUrl, (owner) =>
      retryingRaces(() =>
        owner.query(`alter role ${owner.escapeIdentifier(role)} password ${owner.escapeLiteral(password)}`),
      ),
    );
    await connectAsApp();
  }
  return { appUrl, role };
}
