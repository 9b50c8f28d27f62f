import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Migrations } from '../db/migrator';
import { readArchive, type ArchiveLine } from './archive';
import { ANSWER_COLUMNS, ARCHIVED_FILES, EVENT_COLUMNS, READ_COLUMNS, SEAL_BOUND_COLUMNS } from './backup';

export type RestoreCounts = {
  events: number;
  idempotency_answers: number;
  audit_reads: number;
  files: string[];
  createdAt: string;
};

/**
 * Loads an archive into a migrated, empty database and DATA_DIR. The whole archive is read once
 * first (its header, every line, its end: a wrong passphrase, a changed byte or a cut-off file is
 * found before anything is written), then again to load it. Events go back in their feed order, a
 * page per transaction, so the feed order (and with it the audit chain, which hashes the events'
 * stored fields, not their positions) is the archive's; positions are new, so the read models are
 * rebuilt afterwards (the caller does: see scripts/restore.ts).
 */
export async function restoreArchive(args: {
  file: string;
  passphrase?: string;
  ownerUrl: string;
  dataDir: string;
  /** This build's migrations: an archive that names one it lacks comes from a newer build. */
  migrations: Migrations;
}): Promise<RestoreCounts> {
  const header = await checkArchive(args.file, args.passphrase, args.migrations);
  for (const file of ARCHIVED_FILES) {
    const target = path.join(args.dataDir, file);
    if (existsSync(target) && statSync(target).size > 0 && file.endsWith('.jsonl')) {
      throw new Error(`${target} already holds checkpoints: restore into a fresh DATA_DIR`);
    }
  }
  const client = new pg.Client({ connectionString: args.ownerUrl, application_name: 'hms-restore' });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*)::text as n from events');
    if (rows[0]!.n !== '0') throw new Error('the database already holds events: restore into an empty database');
    const counts: RestoreCounts = {
      events: 0,
      idempotency_answers: 0,
      audit_reads: 0,
      files: [],
      createdAt: header.createdAt,
    };
    for await (const line of readArchive(args.file, args.passphrase)) {
      if (line.kind === 'file') {
        const target = path.join(args.dataDir, line.path);
        mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
        writeFileSync(target, Buffer.from(line.base64, 'base64'), { mode: 0o600 });
        counts.files.push(line.path);
      } else if (line.kind === 'rows' && line.table === 'events') {
        await insertEvents(client, line.rows);
        counts.events += line.rows.length;
      } else if (line.kind === 'rows' && line.table === 'idempotency_answers') {
        await insertAnswers(client, line.rows);
        counts.idempotency_answers += line.rows.length;
      } else if (line.kind === 'rows' && line.table === 'audit_reads') {
        await insertReads(client, line.rows);
        counts.audit_reads += line.rows.length;
      } else if (line.kind === 'rows' && line.table === 'audit_read_seal_bounds') {
        await client.query(
          `insert into audit_read_seal_bounds (hospital_id, to_position)
           select * from unnest($1::text[], $2::bigint[])`,
          SEAL_BOUND_COLUMNS.map((_, i) => column(line.rows, i)),
        );
      }
    }
    // The access log's rows keep their positions (their seals name them): the positions to come,
    // of events and reads alike, start after them.
    await client.query(`select setval(pg_get_serial_sequence('events', 'position'),
      greatest((select max(position) from events), (select max(position) from audit_reads), 1))`);
    return counts;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Reads the whole archive once and checks it: format, version, migrations this code has, the end. */
async function checkArchive(file: string, passphrase: string | undefined, migrations: Migrations) {
  let header: Extract<ArchiveLine, { kind: 'header' }> | null = null;
  let ended = false;
  for await (const line of readArchive(file, passphrase)) {
    if (!header) {
      if (line.kind !== 'header' || line.format !== 'hms-backup' || line.version !== 1) {
        throw new Error(`${file} is not an HMS backup archive of a version this server reads`);
      }
      header = line;
      // A backup taken before the migrations were renumbered names them as they were then.
      const now = (m: string) => (Object.hasOwn(migrations.renamed, m) ? migrations.renamed[m]! : m);
      const unknown = line.migrations.filter((m) => !Object.hasOwn(migrations.byName, now(m)));
      if (unknown.length) throw new Error(`the archive comes from a newer HMS (migrations ${unknown.join(', ')})`);
    }
    if (line.kind === 'table') {
      const expected = ARCHIVED_TABLES[line.name] ?? null;
      if (!expected || expected.join() !== line.columns.join())
        throw new Error(`unexpected table ${line.name} in the archive`);
    }
    if (line.kind === 'end') ended = true;
  }
  if (!header || !ended) throw new Error(`${file} is not a whole HMS backup archive`);
  return header;
}

const column = (rows: unknown[][], i: number) => rows.map((r) => r[i] ?? null);

/** The tables an archive may hold, with their columns in the archive's order. */
const ARCHIVED_TABLES: Record<string, readonly string[]> = {
  events: EVENT_COLUMNS,
  idempotency_answers: ANSWER_COLUMNS,
  audit_reads: READ_COLUMNS,
  audit_read_seal_bounds: SEAL_BOUND_COLUMNS,
};

/** The access log's rows as they were, positions included (the owner is not held by the append-only trigger on insert). */
async function insertReads(client: pg.Client, rows: unknown[][]): Promise<void> {
  const records = rows.map((r) => {
    const o: Record<string, unknown> = Object.fromEntries(READ_COLUMNS.map((c, i) => [c, r[i] ?? null]));
    o.data = JSON.parse(String(o.data));
    return o;
  });
  await client.query(
    `insert into audit_reads (${READ_COLUMNS.join(', ')})
     select ${READ_COLUMNS.join(', ')} from json_populate_recordset(null::audit_reads, $1::json)`,
    [JSON.stringify(records)],
  );
}

async function insertEvents(client: pg.Client, rows: unknown[][]): Promise<void> {
  await client.query('begin');
  try {
    // The archive is whole and checked: a crash here leaves an unfinished restore to run again into
    // an empty database, so the commit need not wait for its flush.
    await client.query('set local synchronous_commit = off');
    // `unnest` keeps the rows' order, and `position` counts up in it: the feed order is the archive's.
    await client.query(
      `insert into events (stream_id, stream_revision, event_id, type, data, metadata, recorded_at)
       select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[], $7::timestamptz[])`,
      EVENT_COLUMNS.map((_, i) => column(rows, i)),
    );
    await client.query('commit');
  } catch (e) {
    await client.query('rollback').catch(() => undefined);
    throw e;
  }
}

async function insertAnswers(client: pg.Client, rows: unknown[][]): Promise<void> {
  await client.query(
    `insert into idempotency_answers (hospital_id, key, fingerprint, status_code, body, recorded_at)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::text[], $6::timestamptz[])
     on conflict do nothing`,
    ANSWER_COLUMNS.map((_, i) => column(rows, i)),
  );
}
