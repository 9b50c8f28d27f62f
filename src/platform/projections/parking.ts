import { sql, type Generated } from 'kysely';
import { safeText } from '../../shared/text';
import type { Db } from '../db/database';
import { faultKind } from '../db/faults';
import type { RecordedEvent } from '../event-store/port';
import type { Trx } from './projection';

declare module '../db/database' {
  interface Database {
    parked_events: {
      consumer: string;
      position_major: string;
      position_minor: string;
      event_id: string;
      event_type: string;
      stream_id: string;
      hospital_id: string | null;
      error: string;
      attempts: Generated<number>;
      parked_at: Generated<Date>;
    };
  }
}

/**
 * Parking: a feed consumer never stalls on one event. When a page fails because of what an event
 * holds (text the database cannot store, a constraint it breaks, a handler that throws on it), the
 * runner applies the page again one event at a time, and the one that still fails is set aside
 * here with its error, its consumer's checkpoint moving past it in the same transaction. Health
 * names it, the log says so, and `npm run projections:parked` lists and retries it. A database
 * that is away, or a fault of the server's own (a missing table, a privilege), parks nothing: the
 * consumer waits and tries again, since every event would fail the same way.
 */

/** How an event was set aside: written by the projection's fallback, or parked for an operator. */
export type SetAside = 'fallback' | 'parked';

/** More set aside than this in one page is no bad event but a fault of the server's: stop and retry. */
export const MAX_PARKED_PER_PAGE = 20;
const ERROR_MAX = 1000;

export type ParkedEvent = {
  consumer: string;
  position: string;
  eventId: string;
  eventType: string;
  streamId: string;
  hospitalId: string | null;
  error: string;
  attempts: number;
  parkedAt: string;
};

/** Whether a failure is the event's own (so it may be set aside), not the database's or the server's. */
export function isEventsFault(err: unknown): boolean {
  const kind = faultKind(err);
  if (kind === 'data') return true;
  if (kind === 'unavailable') return false;
  // 'other': with a SQLSTATE it is the server's (class 42, XX…); without one, a handler threw on this event.
  const code = (err as { code?: unknown } | null)?.code;
  return !(typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code));
}

function describeError(err: unknown): string {
  if (err instanceof AggregateError) return `${err.message}: ${err.errors.map(describeError).join('; ')}`;
  const message = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? `${code} ${message}` : message;
}

export const errorText = (err: unknown): string => safeText(describeError(err), ERROR_MAX, '…');

/** Records `event` as set aside by `consumer` (again: one more attempt, the newest error). */
export async function parkEvent(trx: Trx | Db, consumer: string, event: RecordedEvent, err: unknown): Promise<void> {
  const error = errorText(err);
  await trx
    .insertInto('parked_events')
    .values({
      consumer,
      position_major: String(event.globalPosition[0]),
      position_minor: String(event.globalPosition[1]),
      event_id: event.id,
      event_type: event.type,
      stream_id: event.streamId,
      hospital_id: event.metadata.hospitalId || null,
      error,
    })
    .onConflict((oc) =>
      oc.columns(['consumer', 'event_id']).doUpdateSet({ error, attempts: sql`parked_events.attempts + 1` }),
    )
    .execute();
}

export async function listParked(db: Db, consumer?: string): Promise<ParkedEvent[]> {
  let query = db
    .selectFrom('parked_events')
    .selectAll()
    .orderBy('position_major')
    .orderBy('position_minor')
    .orderBy('consumer');
  if (consumer) query = query.where('consumer', '=', consumer);
  const rows = await query.execute();
  return rows.map((r) => ({
    consumer: r.consumer,
    position: `${r.position_major}:${r.position_minor}`,
    eventId: r.event_id,
    eventType: r.event_type,
    streamId: r.stream_id,
    hospitalId: r.hospital_id,
    error: r.error,
    attempts: r.attempts,
    parkedAt: new Date(r.parked_at).toISOString(),
  }));
}

export async function unpark(trx: Trx | Db, consumer: string, eventId: string): Promise<void> {
  await trx.deleteFrom('parked_events').where('consumer', '=', consumer).where('event_id', '=', eventId).execute();
}
