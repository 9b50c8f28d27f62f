/**
 * The event store port: the system of record. Adapters: PostgreSQL (default) and EventStoreDB.
 */

import type { RoleCode } from '../../shared/roles';

/**
 * Who did something: a person in one of the product's roles, the system itself, or (in the access
 * trail only) a caller who presented no valid session.
 */
export type Role = RoleCode | 'system' | 'anonymous';

export type Actor = { userId: string; role: Role; name: string };

export type EventMetadata = {
  hospitalId: string;
  actor: Actor;
  correlationId: string;
  causationId: string;
  occurredAt: string;
  /** The HTTP request that caused the event, and the client address it came from (audit trail). */
  requestId?: string;
  ip?: string;
  /** The caller's own X-Request-Id, cleaned and bounded; never used as the request id. */
  clientRequestId?: string;
  /** The client's Idempotency-Key for the command (an offline device's queued command id). */
  idempotencyKey?: string;
  /** The device a command was done on (X-Device-Id), and when it was done there (X-Device-Time). */
  deviceId?: string;
  deviceTime?: string;
  /** The version of the event's schema it was written with (stamped by the event log). */
  schemaVersion?: number;
};

/** An event as a decider produces it: a type and a JSON-serialisable payload. */
export type DomainEvent<Type extends string = string, Data extends object = object> = {
  type: Type;
  data: Data;
};

export type NewEvent = DomainEvent & { id?: string; metadata: EventMetadata };

/**
 * A position in the global feed, compared lexicographically: for PostgreSQL
 * (transaction id, position); for EventStoreDB (commit, prepare).
 */
export type GlobalPosition = readonly [major: bigint, minor: bigint];

export type RecordedEvent<E extends DomainEvent = DomainEvent> = E & {
  id: string;
  streamId: string;
  /** 0-based revision of the event within its stream. */
  revision: bigint;
  globalPosition: GlobalPosition;
  metadata: EventMetadata;
  recordedAt: string;
};

/**
 * The event as its store holds it (its data before any upcaster or contract read it, its commit
 * time to the microsecond): the audit chain's input. An adapter that has it at hand when it reads
 * the feed attaches it, so the audit trail need not read every event a second time; it is not
 * enumerable, so comparisons, logs and copies of an event ignore it (a copy simply lacks it).
 */
export type StoredForm = { data: unknown; recordedAtMicros: string };

const STORED = Symbol('stored form');

export function attachStoredForm<T extends object>(event: T, stored: StoredForm): T {
  Object.defineProperty(event, STORED, { value: stored, enumerable: false });
  return event;
}

export function storedFormOf(event: object): StoredForm | undefined {
  return (event as { [STORED]?: StoredForm })[STORED];
}

/** 'no_stream': the stream must not exist; 'any': no check; a number: the stream's current revision. */
export type ExpectedRevision = bigint | 'no_stream' | 'any';

export type AppendResult = {
  /** Revision of the last appended event. */
  nextRevision: bigint;
  /** Global position of the last appended event. */
  position: GlobalPosition;
};

export type Unsubscribe = () => Promise<void>;

/** The events one command writes to one stream, with the revision the stream must be at. */
export type StreamWrite = { stream: string; events: NewEvent[]; expectedRevision: ExpectedRevision };

export interface EventStore {
  readonly name: 'postgres' | 'esdb';
  /**
   * True when `appendMany` commits every write or none (PostgreSQL: one statement). EventStoreDB
   * has no multi-stream transaction: its writes are applied in order and a failure stops the rest.
   */
  readonly atomicMultiStream: boolean;
  append(stream: string, events: NewEvent[], options: { expectedRevision: ExpectedRevision }): Promise<AppendResult>;
  /** Appends to several distinct streams; one result per write, in order. */
  appendMany(writes: StreamWrite[]): Promise<AppendResult[]>;
  /** Every event of the stream in revision order; [] when the stream does not exist. */
  readStream(stream: string): Promise<RecordedEvent[]>;
  /**
   * The stream's last `count` events, in revision order ([] when it does not exist): for an
   * aggregate whose state is its last event (a counter), read in constant time however long it is.
   */
  readStreamTail(stream: string, count: number): Promise<RecordedEvent[]>;
  /** Up to `limit` events after `after` (null: from the start), in global order. */
  readAll(options: { after: GlobalPosition | null; limit: number }): Promise<RecordedEvent[]>;
  /** The global position of the newest event, or null for an empty store. */
  headPosition(): Promise<GlobalPosition | null>;
  /**
   * Calls `onNew` whenever new events may be readable: with the types of the events appended when
   * the store knows them (this process's appends, another server's that named them), without when
   * events of any type may be new (a reconnect, a store that cannot tell).
   */
  onAppended(onNew: (types?: readonly string[]) => void): Promise<Unsubscribe>;
  /** How the store hears of other servers' appends (only stores that listen for them). */
  listenerState?(): ListenerState | undefined;
  close(): Promise<void>;
}

/**
 * The cross-server notification listener: 'reconnecting' while its connection is being made
 * again (other servers' events then reach this one at poll speed), with the last error.
 */
export type ListenerState = {
  state: 'listening' | 'reconnecting' | 'stopped';
  /** When the current (or last) connection started listening. */
  since: string | null;
  reconnects: number;
  lastError: string | null;
};

/** The stream's current revision did not match the expected one (HTTP 409). */
export class WrongExpectedRevision extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${stream} is at ${String(actual)}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevision';
  }
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return 0;
}

export function positionToString(p: GlobalPosition | null): string {
  return p ? `${p[0]}:${p[1]}` : 'start';
}
