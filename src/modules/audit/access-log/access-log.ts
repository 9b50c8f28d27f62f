import { CompiledQuery } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { prepared } from '../../../platform/db/prepared';
import type { EventMetadata, RecordedEvent } from '../../../platform/event-store/port';
import type { ReadRecorder, RecordAccessed } from '../../../platform/http/access-trail';
import type { Logger } from '../../../platform/logger';
import type { Platform } from '../../../platform/platform';
import { cut } from '../../../shared/text';
import { describe } from '../actions';
import { trailCaughtUp } from '../caught-up';
import { SubjectNames } from '../read-models/subject-names';
import { uuidv7, type ReadRow } from './read-seal';

/** Reads in one insert at most. */
const MAX_BATCH = 256;
/** The longest sentence a read keeps, in code points (as the trail's entries). */
const ACTION_MAX = 500;

type Pending = {
  read: RecordAccessed['data'];
  metadata: EventMetadata;
  resolve: () => void;
  reject: (e: unknown) => void;
  /** Set once it has waited for the trail to name its record: it is written then, named or not. */
  waited?: boolean;
};

/** A read as the trail's sentences take it: a `RecordAccessed` event of the read's hospital. */
const asEvent = (p: Pending) =>
  ({ type: 'RecordAccessed', data: p.read, metadata: p.metadata }) as unknown as RecordedEvent;

/**
 * The access log (migration 0050): every read a route serves, written by the request before its
 * answer leaves, as the trail's events were. Reads that arrive together share one insert (a group
 * commit): while one insert is committing, the reads that arrive wait and go in the next. A read
 * whose insert fails is told so, and its route answers 503 (access-trail.ts). The sealer
 * (read-sealer.ts) seals the rows into each hospital's chain every ten seconds.
 */
export class AccessLog implements ReadRecorder {
  private readonly queue: Pending[] = [];
  private committing = false;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    /** Waits (bounded) until the trail has taken in every event committed so far. */
    private readonly caughtUp: () => Promise<unknown>,
  ) {}

  record(read: RecordAccessed['data'], metadata: EventMetadata): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ read, metadata, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    if (this.committing || this.queue.length === 0) return;
    this.committing = true;
    const batch = this.queue.splice(0, MAX_BATCH);
    this.commit(batch)
      // The names could not be looked up: nothing of the batch was written or set aside.
      .catch((err: unknown) => {
        this.log.error({ err, reads: batch.length }, 'access log insert failed');
        batch.forEach((p) => p.reject(err));
      })
      .finally(() => {
        this.committing = false;
        this.drain();
      });
  }

  private async commit(batch: Pending[]): Promise<void> {
    // A read of one record is told with its name: looked up once for the batch (lists name none).
    const named = batch.filter((p) => p.read.subjectId !== null || p.read.replayed);
    const names = named.length ? await SubjectNames.load(this.db, named.map(asEvent)) : null;
    // A record the trail has not named yet (a patient registered a moment ago, whose registration the
    // trail is still taking in) waits for the trail, briefly, beside the group commit, not in it: the
    // other reads are written now.
    const unnamed = names ? named.filter((p) => !p.waited && !nameKnown(p, names)) : [];
    if (unnamed.length) this.afterTrail(unnamed);
    const now = unnamed.length ? batch.filter((p) => !unnamed.includes(p)) : batch;
    try {
      if (now.length) {
        const rows = now.map((p) => rowOf(p, names));
        await this.db.executeQuery(prepared(CompiledQuery.raw(INSERT, [JSON.stringify(rows)])));
      }
    } catch (err) {
      // Only the reads of this insert are refused: those waiting for the trail are written later.
      this.log.error({ err, reads: now.length }, 'access log insert failed');
      now.forEach((p) => p.reject(err));
      return;
    }
    now.forEach((p) => p.resolve());
  }

  /** Queues `reads` again once the trail has caught up (or given up waiting): their names are looked up then. */
  private afterTrail(reads: Pending[]): void {
    for (const p of reads) p.waited = true;
    void this.caughtUp()
      .catch(() => undefined)
      .finally(() => {
        this.queue.push(...reads);
        this.drain();
      });
  }
}

/**
 * The batch as one JSON document, its rows made by PostgreSQL: one text to build and send, whatever
 * the batch's size. `position` takes its default, after the access log's lock: the inserts of every
 * server take their positions one insert after another and commit in that order, so the sealer
 * (read-sealer.ts) knows every row below the last one committed has committed too. The lock is held
 * to the commit, which is the statement's own.
 */
const INSERT = `with locked as (select pg_advisory_xact_lock(hashtextextended('hms:access-log', 0)))
  insert into audit_reads (event_id, hospital_id, occurred_at, actor_id, actor_name, actor_role, action,
    subject_type, subject_id, patient_ids, ip, request_id, data)
  select r.event_id, r.hospital_id, r.occurred_at, r.actor_id, r.actor_name, r.actor_role, r.action,
         r.subject_type, r.subject_id, r.patient_ids, r.ip, r.request_id, r.data
    from locked, json_populate_recordset(null::audit_reads, $1::json) as r`;

/** The kinds of record the trail keeps names of (subject-names.ts). */
const NAMED_KINDS = new Set(['patient', 'user', 'hospital']);

/** Whether the names loaded know the record a read names (or the one patient a replayed answer shows). */
function nameKnown(p: Pending, names: SubjectNames): boolean {
  const name = names.in(p.metadata.hospitalId ?? '');
  const { subjectType, subjectId, replayed, patientIds } = p.read;
  if (subjectId !== null) return !NAMED_KINDS.has(subjectType) || name(subjectType, subjectId) !== undefined;
  return !(replayed && patientIds?.length === 1) || name('patient', patientIds[0]!) !== undefined;
}

function rowOf(p: Pending, names: SubjectNames | null): ReadRow {
  const m = p.metadata;
  const hospitalId = m.hospitalId ?? '';
  const described = describe(asEvent(p), names ? names.in(hospitalId) : () => undefined);
  const { patientIds: shown = [], ...read } = p.read;
  const own = described.subjectType === 'patient' && described.subjectId ? [described.subjectId] : [];
  const at = new Date(m.occurredAt ?? Date.now());
  return {
    event_id: uuidv7(at.getTime()),
    hospital_id: hospitalId,
    occurred_at: at,
    actor_id: m.actor?.userId ?? 'system',
    actor_name: m.actor?.name ?? 'System',
    actor_role: m.actor?.role ?? 'system',
    action: cut(described.action, ACTION_MAX, '…'),
    subject_type: described.subjectType,
    subject_id: described.subjectId,
    patient_ids: [...new Set([...own, ...shown])],
    ip: m.ip ?? null,
    request_id: m.requestId ?? null,
    // The patients it showed are the row's own column: not written twice (the data's JSON is most of a list read's row).
    data: { ...read, ...(m.clientRequestId ? { clientRequestId: m.clientRequestId } : {}) },
  };
}

/** The app's access log (one per platform: its group commit is this server's). */
const logs = new WeakMap<Platform, AccessLog>();
export function accessLogOf(platform: Platform): AccessLog {
  let log = logs.get(platform);
  if (!log) {
    log = new AccessLog(platform.db, platform.log.child({ component: 'access-log' }), () => trailCaughtUp(platform));
    logs.set(platform, log);
  }
  return log;
}
