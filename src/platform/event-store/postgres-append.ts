import { randomUUID } from 'node:crypto';
import type { AppendResult, GlobalPosition, NewEvent, StreamWrite } from './port';

/** The append statements of the PostgreSQL event store, and their parameters and results. */

/** Runs one statement; `name` asks for a prepared statement where the runner's connection allows it. */
export type QueryRunner = <R>(text: string, values: unknown[], name?: string) => Promise<R[]>;

/** An appended event as the statement returned it, keyed back to the write that carried it. */
export type InsertedRow = {
  event_id: string;
  stream_id: string;
  stream_revision: string;
  position: string;
  transaction_id: string;
  recorded_at: Date;
};

/**
 * Every write in one statement, so one round trip and one transaction: read each stream's
 * revision, check them all, insert every event or none. Two writers expecting the same revision
 * both pass the check, and the unique (stream_id, stream_revision) index turns the later away.
 *
 * The events' data and metadata travel as one JSON array each, not as arrays of JSON texts: the
 * driver quotes and escapes every element of an array parameter (each quote of each JSON text),
 * which was a visible part of a burst of list reads' append, and PostgreSQL unescapes them again.
 *
 * `item` groups the writes of one append: a group commit (see GroupCommit) puts several appends
 * in one statement, and each is all or nothing on its own, so an append whose expected revisions
 * fail inserts nothing while the others of the statement go in. A lone append is item 0.
 */
export const APPEND_SQL = `
with w as (
  select * from unnest($1::text[], $2::text[], $3::bigint[], $10::int[]) as w(stream_id, kind, expected, item)
), cur as (
  select w.stream_id, w.kind, w.expected, w.item,
         (select max(e.stream_revision) from events e where e.stream_id = w.stream_id) as rev
    from w
), ok as (
  select item from cur group by item
  having bool_and(case kind when 'any' then true when 'no_stream' then rev is null else coalesce(rev = expected, false) end)
)
insert into events (stream_id, stream_revision, event_id, type, data, metadata)
select t.stream_id, coalesce(c.rev, -1) + t.n, t.id, t.type, t.data, t.meta
  from rows from (unnest($4::text[]), unnest($5::bigint[]), unnest($6::uuid[]), unnest($7::text[]),
                  jsonb_array_elements($8::jsonb), jsonb_array_elements($9::jsonb))
       with ordinality as t(stream_id, n, id, type, data, meta, ord)
  join cur c on c.stream_id = t.stream_id
  join ok on ok.item = c.item
 order by t.ord
returning event_id, stream_id, stream_revision, position, transaction_id::text as transaction_id, recorded_at`;

const RETURNING =
  'returning event_id, stream_id, stream_revision, position, transaction_id::text as transaction_id, recorded_at';

/**
 * The common case, one event on one stream, as one plain INSERT: the same guarantee as
 * APPEND_SQL without its arrays and CTEs. The unique (stream_id, stream_revision) index is the
 * check: a new stream takes revision 0 and an expected revision N takes N + 1 only where N
 * exists, so a concurrent writer or a wrong expectation fails on the index (or inserts nothing)
 * and `conflict()` reports it. Only 'any' needs the stream's current maximum.
 */
const APPEND_ONE_SQL = {
  no_stream: `insert into events (stream_id, stream_revision, event_id, type, data, metadata)
values ($1, 0, $2, $3, $4, $5) ${RETURNING}`,
  revision: `insert into events (stream_id, stream_revision, event_id, type, data, metadata)
select $1, $6::bigint + 1, $2, $3, $4, $5
 where exists (select from events where stream_id = $1 and stream_revision = $6::bigint) ${RETURNING}`,
  any: `insert into events (stream_id, stream_revision, event_id, type, data, metadata)
select $1, coalesce(max(stream_revision), -1) + 1, $2, $3, $4, $5 from events where stream_id = $1 ${RETURNING}`,
} as const;

export function appendOne(w: StreamWrite): [string, unknown[], string] {
  const e = w.events[0]!;
  const values = [w.stream, e.id ?? randomUUID(), e.type, JSON.stringify(e.data), JSON.stringify(e.metadata)];
  if (typeof w.expectedRevision === 'bigint')
    return [APPEND_ONE_SQL.revision, [...values, String(w.expectedRevision)], 'hms-append-one-revision'];
  return [APPEND_ONE_SQL[w.expectedRevision], values, `hms-append-one-${w.expectedRevision}`];
}

/**
 * The statement's parameters for `items` (each an append's writes; no stream twice in the
 * statement), with the ids it will insert per item and write.
 */
export function appendParameters(items: StreamWrite[][]): { values: unknown[]; ids: string[][][] } {
  const seen = new Set<string>();
  const streams: string[] = [];
  const kinds: string[] = [];
  const expected: (string | null)[] = [];
  const itemOf: number[] = [];
  const eStreams: string[] = [];
  const eN: number[] = [];
  const eIds: string[] = [];
  const eTypes: string[] = [];
  const eData: unknown[] = [];
  const eMeta: unknown[] = [];
  const ids = items.map((writes, item) => {
    if (writes.length === 0) throw new Error('append needs at least one write');
    return writes.map((w) => {
      if (w.events.length === 0) throw new Error(`append to ${w.stream} needs at least one event`);
      if (seen.has(w.stream)) throw new Error(`append writes ${w.stream} twice`);
      seen.add(w.stream);
      streams.push(w.stream);
      kinds.push(typeof w.expectedRevision === 'bigint' ? 'revision' : w.expectedRevision);
      expected.push(typeof w.expectedRevision === 'bigint' ? String(w.expectedRevision) : null);
      itemOf.push(item);
      return w.events.map((e: NewEvent, i) => {
        const id = e.id ?? randomUUID();
        eStreams.push(w.stream);
        eN.push(i + 1);
        eIds.push(id);
        eTypes.push(e.type);
        eData.push(e.data);
        eMeta.push(e.metadata);
        return id;
      });
    });
  });
  const data = JSON.stringify(eData);
  const meta = JSON.stringify(eMeta);
  return { values: [streams, kinds, expected, eStreams, eN, eIds, eTypes, data, meta, itemOf], ids };
}

/** What one append wrote: a result per write, in order, and the rows the statement returned for it. */
export type Appended = { results: AppendResult[]; rows: InsertedRow[] };

/** Each write's revision and position, from the rows its append inserted. */
export function resultsOf(writes: StreamWrite[], rows: InsertedRow[]): AppendResult[] {
  const lastByStream = new Map<string, InsertedRow>();
  for (const r of rows) {
    const prev = lastByStream.get(r.stream_id);
    if (!prev || BigInt(r.stream_revision) > BigInt(prev.stream_revision)) lastByStream.set(r.stream_id, r);
  }
  return writes.map((w) => {
    const last = lastByStream.get(w.stream)!;
    return {
      nextRevision: BigInt(last.stream_revision),
      position: [BigInt(last.transaction_id), BigInt(last.position)] as GlobalPosition,
    };
  });
}

/** The event types of some appends, each once: what the store announces they added. */
export function typesOf(items: readonly StreamWrite[][]): string[] {
  const types = new Set<string>();
  for (const writes of items) for (const w of writes) for (const e of w.events) types.add(e.type);
  return [...types];
}
