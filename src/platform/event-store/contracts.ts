import type { z } from 'zod';
import { attachStoredForm, storedFormOf, type DomainEvent, type NewEvent, type RecordedEvent } from './port';

/** Turns the data of an event written at version n into its shape at version n + 1. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * One event type as a module publishes it: its name (the TypeScript type's name), the zod schema
 * of its data, and the schema's version. Older stored versions are brought up to date by the
 * upcasters before they are validated, so deciders and projections only ever see the current shape.
 */
export type EventContract<T extends string = string, S extends z.ZodType = z.ZodType> = {
  readonly type: T;
  readonly version: number;
  readonly schema: S;
  /** `upcasters[n]` turns version n into version n + 1. */
  readonly upcasters?: Readonly<Record<number, Upcaster>>;
};

export function defineEvent<T extends string, S extends z.ZodType>(
  type: T,
  schema: S,
  options: { version?: number; upcasters?: Record<number, Upcaster> } = {},
): EventContract<T, S> {
  const version = options.version ?? 1;
  for (let v = 1; v < version; v++) {
    if (!options.upcasters?.[v]) throw new Error(`${type} v${version} needs an upcaster from v${v}`);
  }
  return { type, version, schema, upcasters: options.upcasters };
}

/** The event type a contract describes: `{ type, data }` with the schema's output as data. */
export type EventOf<C> = C extends EventContract<infer T, infer S> ? { type: T; data: z.output<S> } : never;

/**
 * Whether `event` is of `type`, typed as that event: what the registry guarantees of an event it
 * read (its data checked against the contract of its type), for code that takes every event and
 * picks some out, such as a live consumer.
 */
export function isEvent<E extends DomainEvent>(event: RecordedEvent, type: E['type']): event is RecordedEvent<E> {
  return event.type === type;
}

/**
 * A module's events by type name, from its list of contracts: one mapped type instead of an alias
 * per event. `EventMap<typeof billingContracts>['InvoiceRaised']` is the InvoiceRaised event.
 */
export type EventMap<Cs extends readonly EventContract[]> = { [C in Cs[number] as C['type']]: EventOf<C> };

/** The union of the events of a list of contracts (a module's union). */
export type EventsOf<Cs extends readonly EventContract[]> = EventOf<Cs[number]>;

/** One event of a list of contracts, by its type name. */
export type EventNamed<Cs extends readonly EventContract[], K extends Cs[number]['type']> = EventMap<Cs>[K];

/** An event whose data does not match its contract: a programming error, or a damaged store. */
export class InvalidEvent extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: string,
    readonly where: 'append' | 'read',
  ) {
    super(`${eventType} does not match its contract on ${where}: ${issues}`);
    this.name = 'InvalidEvent';
  }
}

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(data)'}: ${i.message}`)
    .join('; ');
}

/**
 * Every module's contracts, checked at the store boundary: an event is validated against its
 * schema (and stamped with the schema version) before it is appended, and upcast and validated
 * again when it is read back for a decider or a projection.
 */
export class EventRegistry {
  private readonly contracts = new Map<string, EventContract>();

  constructor(contracts: readonly EventContract[] = []) {
    for (const c of contracts) this.register(c);
  }

  register(contract: EventContract): void {
    const existing = this.contracts.get(contract.type);
    if (existing && existing !== contract) throw new Error(`Event type ${contract.type} is defined twice`);
    this.contracts.set(contract.type, contract);
  }

  has(type: string): boolean {
    return this.contracts.has(type);
  }

  /** Validates an event about to be appended; its data becomes the schema's output. */
  encode(event: NewEvent): NewEvent {
    const contract = this.contracts.get(event.type);
    if (!contract) throw new InvalidEvent(event.type, 'no module defines this event type', 'append');
    const parsed = contract.schema.safeParse(event.data);
    if (!parsed.success) throw new InvalidEvent(event.type, describe(parsed.error), 'append');
    return {
      ...event,
      data: parsed.data as object,
      metadata: { ...event.metadata, schemaVersion: contract.version },
    };
  }

  /**
   * Brings a stored event to the current version of its contract and validates it. Types no
   * module defines (a retired event, another tool's) pass through untouched: no handler reads them.
   */
  decode<E extends RecordedEvent>(event: E): E {
    const contract = this.contracts.get(event.type);
    if (!contract) return event;
    let data = event.data as Record<string, unknown>;
    const from = event.metadata.schemaVersion ?? 1;
    for (let v = from; v < contract.version; v++) data = contract.upcasters![v]!(data);
    const parsed = contract.schema.safeParse(data);
    if (!parsed.success) throw new InvalidEvent(event.type, describe(parsed.error), 'read');
    const decoded = { ...event, data: parsed.data as object };
    const stored = storedFormOf(event);
    return stored ? attachStoredForm(decoded, stored) : decoded;
  }
}
