import type { DomainEvent, RecordedEvent } from '../../platform/event-store/port';
import type { RoleCode } from '../../shared/roles';
import type { NotificationPriority } from './events';
import type { ServerMessageType } from './visibility';

/**
 * What a rule makes of an event: a server message before it is addressed (product-spec-1 §3
 * payloads, §4/§9 priorities). Who receives each message is visibility.ts's business.
 */
export type Draft = {
  type: ServerMessageType;
  title: string;
  message: string;
  priority: NotificationPriority;
  data: Record<string, unknown>;
  /** Only these users receive it (profile_updated); otherwise the roles of visibility.ts. */
  userIds?: string[];
};

export type PatientRef = { id?: string; firstName: string; lastName: string; identificationNumber: string };
export type StaffRef = {
  id: string;
  employeeId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: RoleCode;
  department: string | null;
  specialization: string | null;
  phone: string | null;
  isActive: boolean;
};

/** The projection's own copies of names (read-models/name-copies.ts). */
export type Lookups = {
  patient: (hospitalId: string, id: string) => Promise<PatientRef | null>;
  staff: (hospitalId: string, id: string) => Promise<StaffRef | null>;
};

/** Rules see names as they stood before the event (the projection updates its copies after). */
export type Rule = (event: RecordedEvent, lookups: Lookups) => Promise<Draft[]>;

/** An event of a module's union, by its type. */
export type Of<E extends { type: string; data: object }, K extends E['type']> = RecordedEvent<Extract<E, { type: K }>>;

/** A table of rules keyed by the types of `E` (a module's union), each rule taking its own event. */
export type RulesFor<E extends DomainEvent> = {
  [K in E['type']]?: (event: Of<E, K>, lookups: Lookups) => Promise<Draft[]>;
};

/**
 * Typed construction of a table of rules, as `defineProjection` is of handlers: a rule's name must
 * be an event type of `E`, and the rule receives that event. The notifier calls a rule only with
 * an event of its name, read through the registry, which checked it against its contract.
 */
export function defineRules<E extends DomainEvent>(rules: RulesFor<E>): Readonly<Record<string, Rule>> {
  // The one place the rules are widened: RULES looks a rule up by the event's own type.
  return rules as unknown as Readonly<Record<string, Rule>>;
}

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
/** Who did it, as messages name them (createdBy, updatedBy, …). */
export const by = (e: RecordedEvent) => ({ id: e.metadata.actor.userId, name: e.metadata.actor.name });
