import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevision,
  comparePositions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
  type StreamWrite,
  type Unsubscribe,
} from './port';

type EsdbRecorded = NonNullable<ResolvedEvent['event']>;

/** Server bookkeeping ($metadata, $ProjectionsInitialized, …) never reaches our projections. */
function isSystemEvent(type: string): boolean {
  return type.startsWith('$');
}

function toPosition(p: { commit: bigint; prepare: bigint }): GlobalPosition {
  return [p.commit, p.prepare];
}

// Stream reads carry no `$all` position on servers before 22.6, which send the largest uint64 instead.
const NO_POSITION = 2n ** 64n - 1n;
function knownPosition(p: { commit: bigint; prepare: bigint } | undefined): GlobalPosition | null {
  return p && p.commit !== NO_POSITION && p.prepare !== NO_POSITION ? toPosition(p) : null;
}

function toRecorded(e: EsdbRecorded, position: GlobalPosition): RecordedEvent {
  return {
    id: e.id,
    type: e.type,
    data: e.data as object,
    streamId: e.streamId,
    revision: e.revision,
    globalPosition: position,
    metadata: e.metadata as EventMetadata,
    recordedAt: e.created.toISOString(),
  };
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  return expected;
}

/**
 * The EventStoreDB adapter (EVENT_STORE=esdb). The global feed is `$all` without system
 * events, in (commit, prepare) order; EventStoreDB only exposes an event in `$all` once it is
 * committed, so the feed has no gaps to guard against as the Postgres adapter must.
 */
export class EsdbEventStore implements EventStore {
  readonly name = 'esdb' as const;
  /** EventStoreDB has no multi-stream transaction: see appendMany. */
  readonly atomicMultiStream = false;

  private constructor(private readonly client: EventStoreDBClient) {}

  static async connect(connectionString: string): Promise<EsdbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    // Fail at start-up, not on the first request, when the server is unreachable.
    for await (const _ of client.readAll({ maxCount: 1, direction: BACKWARDS, fromPosition: END })) break;
    return new EsdbEventStore(client);
  }

  async append(stream: string, events: NewEvent[], { expectedRevision }: { expectedRevision: ExpectedRevision }) {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await this.client.appendToStream(
        stream,
        events.map((e) =>
          jsonEvent({ id: e.id ?? randomUUID(), type: e.type, data: e.data as never, metadata: e.metadata }),
        ),
        { expectedRevision: toExpected(expectedRevision) },
      );
      return {
        nextRevision: result.nextExpectedRevision,
        position: await this.positionOf(stream, result.nextExpectedRevision, result.position),
      } satisfies AppendResult;
    } catch (e) {
      if (e instanceof WrongExpectedVersionError) {
        const actual = e.actualVersion;
        throw new WrongExpectedRevision(stream, expectedRevision, typeof actual === 'bigint' ? actual : 'no_stream');
      }
      throw e;
    }
  }

  /**
   * Writes in order, stopping at the first refusal. Not atomic: a crash or a conflict after the
   * first write leaves the earlier ones recorded. Unique-value reservations, which are written
   * first, record their owner's stream so that one whose owner never appeared is treated as free
   * (see unique-reservation.ts).
   */
  async appendMany(writes: StreamWrite[]): Promise<AppendResult[]> {
    const results: AppendResult[] = [];
    for (const w of writes)
      results.push(await this.append(w.stream, w.events, { expectedRevision: w.expectedRevision }));
    return results;
  }

  /**
   * The `$all` position of the event at `revision`. The append result's position is the
   * write's, which for a multi-event write need not equal its last event's; read-your-writes
   * compares it with projection checkpoints, so take the event's own where the server tells it.
   */
  private async positionOf(
    stream: string,
    revision: bigint,
    fallback: { commit: bigint; prepare: bigint } | undefined,
  ): Promise<GlobalPosition> {
    for await (const resolved of this.client.readStream(stream, { fromRevision: revision, maxCount: 1 })) {
      const known = knownPosition(resolved.event?.position);
      if (known) return known;
    }
    if (!fallback) throw new Error(`EventStoreDB returned no position for the append to ${stream}`);
    return toPosition(fallback);
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, { fromRevision: START, direction: FORWARDS })) {
        const e = resolved.event;
        if (!e) continue;
        // Unknown on old servers: stream reads only fold an aggregate; the ordered feed is readAll.
        out.push(toRecorded(e, knownPosition(e.position) ?? [-1n, -1n]));
      }
    } catch (e) {
      if (e instanceof StreamNotFoundError) return [];
      throw e;
    }
    return out;
  }

  async readStreamTail(stream: string, count: number): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, {
        fromRevision: END,
        direction: BACKWARDS,
        maxCount: count,
      })) {
        const e = resolved.event;
        if (e) out.push(toRecorded(e, knownPosition(e.position) ?? [-1n, -1n]));
      }
    } catch (e) {
      if (e instanceof StreamNotFoundError) return [];
      throw e;
    }
    return out.reverse();
  }

  async readAll({ after, limit }: { after: GlobalPosition | null; limit: number }): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    // `fromPosition` is inclusive and system events count against `maxCount`: read pages until
    // `limit` of our events are found or `$all` ends, so a page of only system events is not
    // mistaken for the end of the feed.
    let cursor = after;
    for (;;) {
      const page = limit - out.length + 1;
      const from: GlobalPosition | null = cursor;
      let seen = 0;
      for await (const { event: e } of this.client.readAll({
        fromPosition: from ? { commit: from[0], prepare: from[1] } : START,
        direction: FORWARDS,
        maxCount: page,
      })) {
        seen++;
        if (!e) continue;
        const position = toPosition(e.position);
        if (from && comparePositions(position, from) <= 0) continue;
        cursor = position;
        if (isSystemEvent(e.type)) continue;
        out.push(toRecorded(e, position));
        if (out.length === limit) return out;
      }
      if (seen < page) return out;
    }
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const page = 100;
    let cursor: GlobalPosition | null = null;
    for (;;) {
      const from: GlobalPosition | null = cursor;
      let seen = 0;
      for await (const { event: e } of this.client.readAll({
        fromPosition: from ? { commit: from[0], prepare: from[1] } : END,
        direction: BACKWARDS,
        maxCount: page,
      })) {
        seen++;
        if (!e) continue;
        const position = toPosition(e.position);
        // Whether a backwards read includes its start position is not ours to rely on.
        if (from && comparePositions(position, from) >= 0) continue;
        if (!isSystemEvent(e.type)) return position;
        cursor = position;
      }
      if (seen < page || cursor === from) return null;
    }
  }

  async onAppended(onNew: () => void): Promise<Unsubscribe> {
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    subscription.on('data', () => onNew());
    // A dropped subscription must not crash the server; projections still poll.
    subscription.on('error', () => undefined);
    return async () => {
      await subscription.unsubscribe();
    };
  }

  async close() {
    await this.client.dispose();
  }
}
