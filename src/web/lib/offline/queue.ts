/**
 * The offline queue's rules (issue 25), pure so they are tested without a browser: what a queued command
 * is, which one goes next, and what an answer from the server does to it.
 */

export type CommandKind =
  'register-patient' | 'record-vitals' | 'change-status' | 'book-appointment' | 'check-in-appointment';

/** pending: waits to be sent; conflict: the server answered 409 and the person decides; rejected: another 4xx. */
export type CommandState = 'pending' | 'conflict' | 'rejected';

export type CommandProblem = { status: number; message: string; body: unknown };

export type QueuedCommand = {
  /** A UUID chosen on the device, sent as the Idempotency-Key. */
  id: string;
  userId: string;
  hospitalId: string;
  kind: CommandKind;
  method: 'POST' | 'PATCH';
  /** The API path without the /api prefix, e.g. "patients/<id>/vitals". */
  route: string;
  body: Record<string, unknown>;
  /** The stream version the person saw, for the commands that carry one (status, check-in). */
  basedOnVersion?: number;
  /** What it is, in words, for the banner and the conflicts panel ("Register Ada Obi"). */
  label: string;
  /** When the person did it on the device (ISO 8601), sent as X-Device-Time. */
  deviceTime: string;
  createdAt: string;
  /** Order of creation on this device; the queue is sent in this order. */
  seq: number;
  state: CommandState;
  problem?: CommandProblem;
};

/** The ids a command touches: the one in its route and the ids its body names. */
export function subjectsOf(command: Pick<QueuedCommand, 'route' | 'body'>): string[] {
  const ids = command.route.split('/').filter((part) => /^[0-9a-f-]{36}$/i.test(part));
  for (const field of ['id', 'patientId']) {
    const value = command.body[field];
    if (typeof value === 'string') ids.push(value);
  }
  return ids;
}

export function inOrder<T extends Pick<QueuedCommand, 'seq'>>(commands: T[]): T[] {
  return [...commands].sort((a, b) => a.seq - b.seq);
}

/**
 * The next command to send: the oldest pending one that no earlier stopped command (conflict or
 * rejected) shares an id with — vitals for a patient whose registration is in conflict wait for the
 * person's decision; other patients' work goes on.
 */
export function nextToSend(commands: QueuedCommand[]): QueuedCommand | null {
  const stopped = new Set<string>();
  for (const command of inOrder(commands)) {
    const subjects = subjectsOf(command);
    if (command.state !== 'pending') {
      subjects.forEach((s) => stopped.add(s));
      continue;
    }
    if (subjects.some((s) => stopped.has(s))) continue;
    return command;
  }
  return null;
}

export type SendOutcome =
  | { kind: 'accepted' }
  | { kind: 'network' }
  | { kind: 'unauthorized' }
  | { kind: 'refused'; status: number; message: string; body: unknown };

/** What an answer does: accepted → the command leaves the queue; a refusal stops it with the reason. */
export function afterOutcome(command: QueuedCommand, outcome: SendOutcome): QueuedCommand | 'remove' | 'keep' {
  switch (outcome.kind) {
    case 'accepted':
      return 'remove';
    case 'network':
    case 'unauthorized':
      return 'keep';
    case 'refused': {
      const problem = { status: outcome.status, message: outcome.message, body: outcome.body };
      return { ...command, state: outcome.status === 409 ? 'conflict' : 'rejected', problem };
    }
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

/** Whether the sync loop goes on after this outcome (a lost connection or an expired session stops it). */
export function keepsSyncing(outcome: SendOutcome): boolean {
  return outcome.kind === 'accepted' || outcome.kind === 'refused';
}

/**
 * The command again, pending, with the person's change applied (the new version, allowDuplicate, another
 * time). It gets a new idempotency key `id`: the refused request appended nothing, and the same key with
 * a different body would be refused as a reuse. It keeps its place in the order.
 */
export function retried(
  command: QueuedCommand,
  id: string,
  body: Record<string, unknown>,
  basedOnVersion?: number,
): QueuedCommand {
  const next: QueuedCommand = { ...command, id, body, state: 'pending' };
  delete next.problem;
  if (basedOnVersion !== undefined) next.basedOnVersion = basedOnVersion;
  return next;
}

/** A UUID v4: the browser's own where it has one (secure contexts), else built from random bytes. */
export function newCommandId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
