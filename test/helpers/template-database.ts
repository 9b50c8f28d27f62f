import { randomBytes } from 'node:crypto';
import { migrations } from '../../migrations';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../../src/platform/db/app-role';
import { withDatabase } from './database';

async function onServer<T>(serverUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/**
 * Migrates one database for the whole run, exactly as the app prepares its own at start (migrations,
 * the app role and its grants), then closes it to connections: PostgreSQL copies a template only
 * while nobody is connected to it, and copies from one template may then run side by side.
 */
export async function createTemplateDatabase(serverUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `hms_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, (c) => c.query(`create database ${c.escapeIdentifier(name)}`));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-template-'));
  try {
    await prepareDatabase({ migrations, ownerUrl: withDatabase(serverUrl, name), dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  await onServer(serverUrl, async (c) => {
    const db = c.escapeIdentifier(name);
    await c.query(`alter database ${db} with is_template true allow_connections false`);
    // The migrator's and the role check's connections are closed; wait until their backends are gone.
    for (let i = 0; i < 100; i++) {
      const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0].n === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`the template database ${name} still has connections`);
  });
  return {
    name,
    drop: () =>
      onServer(serverUrl, async (c) => {
        const db = c.escapeIdentifier(name);
        await c.query(`alter database ${db} with is_template false`);
        await c.query(`drop database if exists ${db} with (force)`);
      }),
  };
}
