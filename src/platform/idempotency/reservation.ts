import { createHash } from 'node:crypto';
import { z } from 'zod';
import { defineEvent } from '../event-store/contracts';
import type { EventMetadata } from '../event-store/port';

/**
 * An Idempotency-Key is reserved by an event on its own stream `idempotency-<hospital>-<hash>`,
 * staged first in the unit of work of the command it keys (see `transact`), with the stream
 * required not to exist: on PostgreSQL the key and the command's events commit together or not at
 * all, and of two concurrent sends of one key exactly one commits; the other's append fails on
 * the key's stream and it replays the first one's answer (./replay.ts).
 */
export const idempotencyKeyReserved = defineEvent(
  'IdempotencyKeyReserved',
  z.object({ key: z.string(), fingerprint: z.string(), route: z.string() }),
);
export const idempotencyContracts = [idempotencyKeyReserved];

export function idempotencyStream(hospitalId: string, key: string): string {
  const hash = createHash('sha256').update(key).digest('hex').slice(0, 40);
  return `idempotency-${hospitalId}-${hash}`;
}

/** One HTTP request that carries an Idempotency-Key, while it runs. */
export type IdempotentRequest = {
  hospitalId: string;
  key: string;
  /** The method, route, path parameters and parsed body: what makes a resend "the same request". */
  fingerprint: string;
  route: string;
  /** Set once a commit of this request holds the key; later commits of it reserve nothing. */
  reserved: boolean;
};

// Keyed by the server's request id, which only that request's own metadata carries.
const running = new Map<string, IdempotentRequest>();

export function beginIdempotentRequest(requestId: string, request: IdempotentRequest): void {
  running.set(requestId, request);
}

/** The keyed request with this server request id, while it runs (left running). */
export function runningRequest(requestId: string): IdempotentRequest | undefined {
  return running.get(requestId);
}

/**
 * Whether a request of this process holds the key now. The app is one process (the modular monolith), so a
 * reserved key that no running request holds belongs to a request whose process stopped after its commit.
 */
export function isKeyRunning(hospitalId: string, key: string): boolean {
  for (const r of running.values()) if (r.hospitalId === hospitalId && r.key === key) return true;
  return false;
}

export function endIdempotentRequest(requestId: string): IdempotentRequest | undefined {
  const request = running.get(requestId);
  running.delete(requestId);
  return request;
}

/** The keyed request a command's metadata belongs to, when it has not reserved its key yet. */
export function pendingReservation(metadata: EventMetadata): IdempotentRequest | undefined {
  if (!metadata.requestId || !metadata.idempotencyKey) return undefined;
  const request = running.get(metadata.requestId);
  return request && !request.reserved && request.hospitalId === metadata.hospitalId ? request : undefined;
}

/** The key is held by another request (a concurrent send of the same key): it replays that one's answer. */
export class IdempotencyKeyHeld extends Error {
  constructor(readonly key: string) {
    super('Idempotency-Key held by another request');
    this.name = 'IdempotencyKeyHeld';
  }
}
