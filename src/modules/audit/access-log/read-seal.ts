import { randomFillSync } from 'node:crypto';
import { sql, type Generated } from 'kysely';
import { z } from 'zod';
import { defineEvent, type EventOf } from '../../../platform/event-store/contracts';

/**
 * The access log's rows (migration 0050) and their seals. Every ten seconds the sealer writes one
 * `ReadsSealed` event per hospital that read something: the range of positions it covers (from where
 * the hospital's previous seal ended to one past the last committed row), how many of its rows are
 * in that range and a SHA-256 over them. The event is in the hospital's hash chain (and so under its
 * signed checkpoints); verification counts and hashes the rows of each range again, so a row
 * changed, removed or added later no longer matches its seal. The digest is computed by PostgreSQL,
 * by the same expression for the sealer and the verifier (`SEAL_DIGEST`).
 */
declare module '../../../platform/db/database' {
  interface Database {
    audit_reads: ReadRow & { position: Generated<string> };
    audit_read_seal_bounds: { hospital_id: string; to_position: string };
  }
}

export type ReadRow = {
  event_id: string;
  hospital_id: string;
  occurred_at: Date;
  actor_id: string;
  actor_name: string;
  actor_role: string;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  /** Every patient the read showed, the record's own patient first when it is one. */
  patient_ids: string[];
  ip: string | null;
  request_id: string | null;
  /** The read as a `RecordAccessed` event's data: what, route, method, purpose, query, patient ids … */
  data: Record<string, unknown>;
};

/** A position (bigint) as text. */
const POSITION = z.string().regex(/^\d{1,19}$/);

export const readsSealed = defineEvent(
  'ReadsSealed',
  z.object({
    /** The positions covered: from (inclusive) the hospital's previous seal's `toPosition`, or '0'. */
    fromPosition: POSITION,
    /** … up to (exclusive) one past the last row committed when the seal was made. */
    toPosition: POSITION,
    /** The hospital's access log rows in that range. */
    count: z.number().int().positive(),
    /** SHA-256 (hex) over them, as `SEAL_DIGEST` computes it. */
    digest: z.string().regex(/^[0-9a-f]{64}$/),
  }),
);
export type ReadsSealed = EventOf<typeof readsSealed>;
export const READS_SEALED = 'ReadsSealed';

/** The stream of a hospital's seals, in order. */
export const sealStream = (hospitalId: string) => `reads-sealed-${hospitalId || 'none'}`;

/**
 * One row as the seal covers it: every column, as a JSON array's text. PostgreSQL writes a jsonb value's text the same way every time, so the same row gives the
 * same text to the sealer and, later, to the verifier.
 */
const SEALED_ROW = `jsonb_build_array(position::text, event_id::text, hospital_id,
  to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), actor_id, actor_name, actor_role,
  action, subject_type, subject_id, to_jsonb(patient_ids), ip, request_id, data)::text`;

/** The digest of the rows an aggregate runs over, in their order (position). */
export const SEAL_DIGEST = `encode(sha256(convert_to(coalesce(string_agg(${SEALED_ROW}, E'\\n' order by position), ''), 'UTF8')), 'hex')`;

/**
 * Each of a hospital's ranges of positions [from, to), in order: the count of its rows there and
 * their `SEAL_DIGEST`, all in one query (verification checks a chunk of seals at once).
 */
export function sealsOf(hospitalId: string, ranges: readonly { from: string; to: string }[]) {
  return sql<{ count: string; digest: string }>`
    select count(position)::text as count, ${sql.raw(SEAL_DIGEST)} as digest
      from unnest(${ranges.map((r) => r.from)}::bigint[], ${ranges.map((r) => r.to)}::bigint[])
           with ordinality as s(from_position, to_position, i)
      left join audit_reads on hospital_id = ${hospitalId}
                           and position >= s.from_position and position < s.to_position
     group by s.i
     order by s.i`;
}

/**
 * A UUID of version 7 (RFC 9562): 48 bits of Unix milliseconds, then random bits. Ids made one after
 * another sort in time order, so the table's key grows at its right edge instead of anywhere.
 */
export function uuidv7(now = Date.now()): string {
  if (poolAt + 10 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const b = Buffer.allocUnsafe(16);
  b.writeUIntBE(now, 0, 6);
  pool.copy(b, 6, poolAt, poolAt + 10);
  poolAt += 10;
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
/** Random bytes drawn a few kilobytes at a time: one call for 16 bytes costs more than the id. */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;
