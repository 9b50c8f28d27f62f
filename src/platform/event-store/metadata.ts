import { randomUUID } from 'node:crypto';
import type { Actor, EventMetadata } from './port';

/**
 * Metadata for commands with no signed-in caller (registration, sign-in attempts): the actor is
 * the person as far as we know them (an email), or the system itself.
 */
export function metadataFor(args: {
  hospitalId: string;
  actor?: Actor;
  correlationId?: string;
  causationId?: string;
  now?: Date;
}): EventMetadata {
  const correlationId = args.correlationId ?? randomUUID();
  return {
    hospitalId: args.hospitalId,
    actor: args.actor ?? { userId: 'system', role: 'system', name: 'System' },
    correlationId,
    causationId: args.causationId ?? correlationId,
    occurredAt: (args.now ?? new Date()).toISOString(),
  };
}
