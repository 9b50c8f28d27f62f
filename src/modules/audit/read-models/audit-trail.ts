import { sql } from 'kysely';
import type { GeneratedAlways } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/port';
import { insertRows } from '../../../platform/projections/bulk-insert';
import { emptyTables, type Projection, type Trx } from '../../../platform/projections/projection';
import { cut, RECORD_ID, wellFormed, wellFormedDeep } from '../../../shared/text';
import { describe, redact, type Described } from '../actions';
import { chainHash, GENESIS } from '../chain';
import { AUDIT_EVENT_COLUMNS, patientOf, primaryFlags, storedEvents, VIEW_COLUMNS } from './trail-rows';
import { SubjectNames } from './subject-names';

declare module '../../../platform/db/database' {
  interface Database {
    audit_events: {
      position: string;
      feed_tx: string;
      hospital_id: string;
      seq: string | null;
      hash: string | null;
      event_id: string;
      event_type: string;
      stream_id: string;
      stream_revision: string;
      occurred_at: Date | string;
      actor_id: string;
      actor_name: string;
      actor_role: string;
      action: string;
      subject_type: string | null;
      subject_id: string | null;
      /** The patient the entry concerns (migration 0027), whatever its subject. */
      patient_id: string | null;
      outcome: string;
      ip: string | null;
      request_id: string | null;
      /** Set for a command an offline device queued (migration 0037). */
      device_id: string | null;
      device_time: Date | string | null;
      correlation_id: string | null;
      causation_id: string | null;
      primary_entry: boolean;
      data: unknown;
      search_text: GeneratedAlways<string>;
    };
    audit_chain_heads: { hospital_id: string; seq: string; hash: string };
    /**
     * The patients a list read showed (migration 0029): one row per read with their ids (0046),
     * and its entry's window columns (0030).
     */
    audit_patient_views: {
      hospital_id: string;
      position: string;
      patient_ids: string[];
      occurred_at: Date;
      actor_id: string;
      actor_name: string;
      actor_role: string;
      event_type: string;
      primary_entry: boolean;
    };
    audit_subjects: {
      hospital_id: string;
      kind: string;
      id: string;
      first_name: string | null;
      last_name: string | null;
    };
    audit_actors: { hospital_id: string; actor_id: string; name: string; role: string };
    /** Where the trail's last page ended: its last transaction, and which of its commits have their entry (0047). */
    audit_cursor: { id: number; feed_tx: string; has_primary: boolean; primary_commits: string[] | null };
  }
}

export const AUDIT_TRAIL = 'audit-trail';

/** The projection's tables the app may only add to (migrations 0042, 0043). */
const APPEND_ONLY = ['audit_events', 'audit_patient_views', 'audit_chain_heads'] as const;

/** Events of a page whose rows go in one insert (a page of the feed is up to 10,000). */
const PART = 2500;

/**
 * Statements sent on a transaction's connection without waiting for each: they run there one
 * after the other, in the order sent. The first failure is kept (the later ones then fail as the
 * transaction is aborted) and thrown by `done`.
 */
class PageWrites {
  private readonly pending: Promise<void>[] = [];
  private failure: { error: unknown } | null = null;

  send(write: () => Promise<void>): void {
    this.pending.push(
      write().catch((error: unknown) => {
        this.failure ??= { error };
      }),
    );
  }

  /** Lets the statements just sent reach the connection before the caller goes on working. */
  dispatched(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  async done(): Promise<void> {
    await Promise.all(this.pending);
    if (this.failure) throw this.failure.error;
  }
}

/** In a fallback entry, only an id that is well formed (an id of ours) is kept. */
const safeId = (id: string | null, safe: boolean) => (safe && id !== null && !RECORD_ID.test(id) ? null : id);

/** The longest sentence an entry keeps, in code points. */
const ACTION_MAX = 500;

/**
 * The entry of an event the trail failed to write as usual (its sentence threw, or something it
 * holds could not be stored): still in the hospital's chain, in its place, said plainly with the
 * event's type and raw id, so an auditor can open the event itself. The runner logs and counts it.
 */
function fallbackDescribed(e: RecordedEvent): Described {
  return {
    action: `Recorded ${wellFormed(cut(e.type, 80))} (event ${e.id}); its description could not be written`,
    subjectType: null,
    subjectId: null,
    outcome: 'success',
  };
}

/** Each hospital's newest chain head: its highest seq, found by the key (hospital_id, seq). */
async function chainHeads(trx: Trx, hospitals: readonly string[]): Promise<Map<string, { seq: bigint; hash: string }>> {
  const { rows } = await sql<{ hospital_id: string; seq: string; hash: string }>`
    select h.hospital_id, h.seq, h.hash
      from unnest(${[...hospitals]}::text[]) as x(id)
      cross join lateral (select hospital_id, seq, hash from audit_chain_heads
                           where hospital_id = x.id order by seq desc limit 1) h`.execute(trx);
  return new Map(rows.map((h) => [h.hospital_id, { seq: BigInt(h.seq), hash: h.hash }]));
}

/**
 * Writes a page of the feed. `safe`: the fallback of one event the page failed on (see
 * `fallback` below): its sentence is the fallback one and every text it carries is made well formed.
 */
async function applyPage(trx: Trx, events: readonly RecordedEvent[], safe = false): Promise<void> {
  const names = await SubjectNames.load(trx, events);
  const stored = await storedEvents(trx, events);
  const hospitals = [...new Set(events.map((e) => e.metadata.hospitalId ?? ''))];
  const heads = await chainHeads(trx, hospitals);
  const before = new Map([...heads].map(([id, h]) => [id, h.seq]));
  const carried = (await trx.selectFrom('audit_cursor').selectAll().executeTakeFirst()) ?? null;
  const { flags: primary, lastCommits } = primaryFlags(events, carried);

  // The rows are worked out a part of the page at a time, and each part's insert sent as soon as
  // it is ready: PostgreSQL writes one part while this process describes and hashes the next,
  // instead of each waiting for the other through the whole page (the trail paces a rebuild).
  const rows: ReturnType<typeof toRow>[] = [];
  const inserts = new PageWrites();
  for (let from = 0; from < events.length; from += PART) {
    const part = events.slice(from, from + PART).map((e, k) => toRow(e, from + k));
    rows.push(...part);
    inserts.send(() => insertRows(trx, 'audit_events', AUDIT_EVENT_COLUMNS, part, 'on conflict (position) do nothing'));
    if (from + PART < events.length) await inserts.dispatched();
  }
  await inserts.done();

  function toRow(e: RecordedEvent, i: number) {
    const m = e.metadata;
    const hospitalId = m.hospitalId ?? '';
    // Told with the names as they stood before this event (an edit of a name says the old one).
    const described = safe ? fallbackDescribed(e) : describe(e, names.in(hospitalId));
    if (!safe) names.apply(e);
    const text = safe ? wellFormed : (t: string) => t;
    const raw = stored.get(e.id);
    let seq: string | null = null;
    let hash: string | null = null;
    if (raw) {
      const head = heads.get(hospitalId) ?? { seq: 0n, hash: GENESIS };
      const next = { seq: head.seq + 1n, hash: chainHash(head.hash, raw) };
      heads.set(hospitalId, next);
      seq = String(next.seq);
      hash = next.hash;
    }
    return {
      position: String(e.globalPosition[1]),
      feed_tx: String(e.globalPosition[0]),
      hospital_id: hospitalId,
      seq,
      hash,
      event_id: e.id,
      event_type: e.type,
      stream_id: e.streamId,
      stream_revision: String(e.revision),
      occurred_at: new Date(
        safe && Number.isNaN(Date.parse(m.occurredAt ?? '')) ? e.recordedAt : (m.occurredAt ?? e.recordedAt),
      ),
      actor_id: text(m.actor?.userId ?? 'system'),
      actor_name: text(m.actor?.name ?? 'System'),
      actor_role: text(m.actor?.role ?? 'system'),
      action: cut(described.action, ACTION_MAX, '…'),
      subject_type: described.subjectType,
      subject_id: described.subjectId,
      patient_id: safeId(patientOf(described, e.data), safe),
      outcome: described.outcome,
      ip: m.ip ? text(m.ip) : null,
      request_id: m.requestId ? text(m.requestId) : null,
      device_id: m.deviceId ? text(m.deviceId) : null,
      device_time: m.deviceTime && !(safe && Number.isNaN(Date.parse(m.deviceTime))) ? new Date(m.deviceTime) : null,
      correlation_id: m.correlationId ? text(m.correlationId) : null,
      causation_id: m.causationId ? text(m.causationId) : null,
      primary_entry: primary[i]!,
      data: safe ? wellFormedDeep(redact(e.data)) : redact(e.data),
    };
  }

  // One view row per read that showed patients (migration 0046): its entry's window columns and
  // the patients it showed, each once, but the one the entry itself names (that is its own row).
  const views = rows.flatMap((r, i) => {
    const shown = (events[i]!.data as { patientIds?: unknown }).patientIds;
    if (!Array.isArray(shown)) return [];
    const patient_ids = [...new Set(shown)].filter(
      (id): id is string => typeof id === 'string' && id !== r.patient_id && (!safe || RECORD_ID.test(id)),
    );
    if (patient_ids.length === 0) return [];
    return [
      {
        hospital_id: r.hospital_id,
        position: r.position,
        occurred_at: r.occurred_at,
        actor_id: r.actor_id,
        actor_name: r.actor_name,
        actor_role: r.actor_role,
        event_type: r.event_type,
        primary_entry: r.primary_entry,
        patient_ids,
      },
    ];
  });
  await insertRows(trx, 'audit_patient_views', VIEW_COLUMNS, views, 'on conflict (position) do nothing');
  // Each head the page reached is a new row (migration 0043): the table is append-only.
  const headRows = [...heads]
    .filter(([hospital_id, h]) => h.seq !== before.get(hospital_id))
    .map(([hospital_id, h]) => ({ hospital_id, seq: String(h.seq), hash: h.hash }));
  if (headRows.length) {
    await trx
      .insertInto('audit_chain_heads')
      .values(headRows)
      .onConflict((oc) => oc.columns(['hospital_id', 'seq']).doNothing())
      .execute();
  }
  const actors = new Map<string, { hospital_id: string; actor_id: string; name: string; role: string }>();
  for (const r of rows) {
    if (r.hospital_id && r.actor_role !== 'anonymous' && r.actor_role !== 'system') {
      actors.set(`${r.hospital_id}|${r.actor_id}`, {
        hospital_id: r.hospital_id,
        actor_id: r.actor_id,
        name: r.actor_name,
        role: r.actor_role,
      });
    }
  }
  if (actors.size) {
    await trx
      .insertInto('audit_actors')
      .values([...actors.values()])
      .onConflict((oc) =>
        oc
          .columns(['hospital_id', 'actor_id'])
          .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), role: eb.ref('excluded.role') })),
      )
      .execute();
  }
  await names.save(trx);
  const last = events[events.length - 1]!;
  const lastTx = String(last.globalPosition[0]);
  const lastHasPrimary =
    rows.some((r) => r.feed_tx === lastTx && r.primary_entry) || (carried?.feed_tx === lastTx && carried.has_primary);
  const cursor = { feed_tx: lastTx, has_primary: lastHasPrimary, primary_commits: lastCommits };
  await trx
    .insertInto('audit_cursor')
    .values({ id: 1, ...cursor })
    .onConflict((oc) => oc.column('id').doUpdateSet(cursor))
    .execute();
}

/**
 * The audit trail: every event of the feed, of every module, one row each, in feed order, with
 * its hospital's hash chain. Not inline: it follows the feed in the background (an entry appears
 * within moments of its commit), and a page of 500 events is a handful of statements.
 */
export const auditTrailProjection: Projection = {
  name: AUDIT_TRAIL,
  handlers: {},
  everyEvent: (trx, events) => applyPage(trx, events),
  fallback: (trx, event) => applyPage(trx, [event], true),
  // The trail's readers' indexes: the page writes by position and keeps the chain's head itself.
  deferredIndexes: [
    // Unique: built again at the end of a rebuild, it checks the whole chain's numbering at once.
    'audit_events_chain',
    'audit_events_newest',
    'audit_events_actor',
    'audit_events_subject',
    'audit_events_by_type',
    'audit_events_search',
    'audit_events_patient',
    'audit_events_patient_window',
    'audit_patient_views_window',
    'audit_patient_views_patients',
    // Its keys too: a rebuild's insert has no `on conflict` to need them, and a row by row check of
    // a random uuid's place in an index of millions is most of a page's insert (deferred-indexes.ts).
    'audit_events_pkey',
    'audit_events_event_id_key',
    'audit_patient_views_pkey',
  ],
  // The append-only tables (migrations 0042, 0043) are emptied with their triggers off for that one
  // statement: ALTER TABLE needs the owner, so only a rebuild run as the owner can do it.
  reset: async (trx) => {
    for (const table of APPEND_ONLY) {
      await sql`alter table ${sql.table(table)} disable trigger ${sql.raw(`${table}_no_truncate`)}`.execute(trx);
    }
    await emptyTables(trx, [
      'audit_cursor',
      'audit_subjects',
      'audit_actors',
      'audit_chain_heads',
      'audit_patient_views',
      'audit_events',
    ]);
    for (const table of APPEND_ONLY) {
      await sql`alter table ${sql.table(table)} enable trigger ${sql.raw(`${table}_no_truncate`)}`.execute(trx);
    }
  },
};
