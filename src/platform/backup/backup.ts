import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { ArchiveLine } from './archive';

/**
 * What a backup holds, read in one REPEATABLE READ snapshot while the servers keep running, so
 * it is one consistent moment: the event log (the record of everything, in feed order), the
 * stored answers of idempotent requests and the access log with its seals' bounds, the only state
 * not derived from events. Read models are
 * left out: a restore rebuilds them from the events (positions change on restore, and with them
 * every checkpoint). From DATA_DIR: the audit trail's signed checkpoints and the public half of
 * the signing key. The private signing key is left out on purpose: a copy of the database's backups
 * must not be able to sign checkpoints (keep the key apart, and give it to the restore).
 */
export const EVENT_COLUMNS = [
  'stream_id',
  'stream_revision',
  'event_id',
  'type',
  'data',
  'metadata',
  'recorded_at',
] as const;
export const ANSWER_COLUMNS = ['hospital_id', 'key', 'fingerprint', 'status_code', 'body', 'recorded_at'] as const;
/** The access log (migration 0050): reads are rows of their own, sealed by events, not derived from them. */
export const READ_COLUMNS = [
  'event_id',
  'position',
  'hospital_id',
  'occurred_at',
  'actor_id',
  'actor_name',
  'actor_role',
  'action',
  'subject_type',
  'subject_id',
  'patient_ids',
  'ip',
  'request_id',
  'data',
] as const;
/** Where each hospital's last seal of the access log ended: the sealer goes on from there. */
export const SEAL_BOUND_COLUMNS = ['hospital_id', 'to_position'] as const;
/** The DATA_DIR files a backup carries, relative to DATA_DIR. */
export const ARCHIVED_FILES = ['audit/checkpoints.jsonl', 'audit/signing-key.pub.pem'] as const;

const PAGE = 5000;

export const BACKUP_NOTE =
  'Events, idempotency answers and the access log in one snapshot; read models are rebuilt on restore. The audit signing key is not in the archive: keep DATA_DIR/audit/signing-key.pem (or AUDIT_SIGNING_KEY) apart and give it to the restore.';

export async function* backupLines(ownerUrl: string, dataDir: string): AsyncGenerator<ArchiveLine> {
  const client = new pg.Client({ connectionString: ownerUrl, application_name: 'hms-backup' });
  // A dropped connection fails the backup (its promise), never the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    // The files first, then the snapshot: every checkpoint in the archive was signed over events
    // committed before the snapshot, so the restored chain holds all it vouches for.
    const files: ArchiveLine[] = [];
    for (const file of ARCHIVED_FILES) {
      const full = path.join(dataDir, file);
      if (existsSync(full)) files.push({ kind: 'file', path: file, base64: readFileSync(full).toString('base64') });
    }
    await client.query('begin isolation level repeatable read, read only');
    await client.query(`set local time zone 'UTC'`);
    const migrations = (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows;
    yield {
      kind: 'header',
      format: 'hms-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      migrations: migrations.map((m) => m.name),
      note: BACKUP_NOTE,
    };
    yield* files;
    const counts: Record<string, number> = {};
    counts.events = yield* table(client, 'events', EVENT_COLUMNS, [
      `select stream_id, stream_revision::text, event_id::text, type, data::text, metadata::text, recorded_at::text
         from events order by transaction_id, position`,
    ]);
    counts.idempotency_answers = yield* table(client, 'idempotency_answers', ANSWER_COLUMNS, [
      `select hospital_id, key, fingerprint, status_code, body, recorded_at::text from idempotency_answers
        order by hospital_id, key`,
    ]);
    // Rows with their positions, which their seals' ranges name.
    counts.audit_reads = yield* table(client, 'audit_reads', READ_COLUMNS, [
      `select event_id::text, position::text, hospital_id, occurred_at::text, actor_id, actor_name, actor_role,
              action, subject_type, subject_id, patient_ids, ip, request_id, data::text
         from audit_reads order by position`,
    ]);
    counts.audit_read_seal_bounds = yield* table(client, 'audit_read_seal_bounds', SEAL_BOUND_COLUMNS, [
      `select hospital_id, to_position::text from audit_read_seal_bounds order by hospital_id`,
    ]);
    await client.query('commit');
    yield { kind: 'end', counts };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One table through a cursor, a page of rows per line; returns how many rows. */
async function* table(
  client: pg.Client,
  name: string,
  columns: readonly string[],
  [query]: [string],
): AsyncGenerator<ArchiveLine, number> {
  yield { kind: 'table', name, columns: [...columns] };
  const cursor = `backup_${name}`;
  await client.query(`declare ${cursor} no scroll cursor for ${query}`);
  let count = 0;
  for (;;) {
    const { rows } = await client.query({ text: `fetch ${PAGE} from ${cursor}`, rowMode: 'array' });
    if (rows.length === 0) break;
    count += rows.length;
    yield { kind: 'rows', table: name, rows: rows as unknown[][] };
  }
  await client.query(`close ${cursor}`);
  return count;
}
